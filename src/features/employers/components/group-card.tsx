import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { EmployerDetails } from '../../../contracts/employers';
import { GroupLogo } from './group-logo';

type GroupCardProps = { employer: EmployerDetails; current: boolean; onSelect: () => void };

export function GroupCard({ employer, current, onSelect }: GroupCardProps) {
  const headingId = `group-card-${employer.employerPK}`;
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      {/* Non-current groups are dimmed (spec 2 §2); only the content, so text keeps enough contrast. */}
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexGrow: 1, opacity: current ? 1 : 0.7 }}>
        <GroupLogo employer={employer} size={56} />
        <div>
          <Typography id={headingId} variant="h6" component="h2">
            {employer.employerName}
          </Typography>
          <Typography variant="body2">Group ID: {employer.employerID}</Typography>
        </div>
      </CardContent>
      <CardActions>
        {current ? (
          <Chip label="Current group" color="primary" size="small" />
        ) : (
          <Button onClick={onSelect} aria-label={`Select group ${employer.employerName}`}>
            Select group
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
