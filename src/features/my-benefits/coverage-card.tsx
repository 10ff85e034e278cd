import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { MyCoverage } from '../../contracts/my-benefits';
import { formatIsoDate } from '../../lib/calendar-date';
import { usdOfText } from '../../lib/money-text';

/** One coverage the member has today: plan, tier, their cost per paycheck and who it covers. */
export function CoverageCard({ coverage }: { coverage: MyCoverage }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {coverage.planType}: {coverage.planName}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {coverage.tierName} · since {formatIsoDate(coverage.beginDate)}
        {coverage.endDate && ` · until ${formatIsoDate(coverage.endDate)}`}
      </Typography>
      <Typography>
        You pay <strong>{usdOfText(coverage.employeeShare)}</strong> per paycheck
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Your employer pays {usdOfText(coverage.employerShare)}
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Covered
      </Typography>
      <List dense disablePadding>
        {coverage.covered.map((person) => (
          <ListItem key={`${person.name}|${person.relationship}`} disableGutters>
            <ListItemText primary={person.name} secondary={person.relationship} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
