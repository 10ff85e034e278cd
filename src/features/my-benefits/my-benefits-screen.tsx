import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { myBenefitsQueries } from '../../api/my-benefits-queries';
import type { MyBenefits } from '../../contracts/my-benefits';
import { PageHeading } from '../../components/ui/page-heading';
import { RetryAlert } from '../../components/ui/retry-alert';
import { useEmployerPK } from '../../hooks/use-session';
import { endpoints } from '../../contracts/endpoints';
import { formatIsoDate } from '../../lib/calendar-date';
import { openBlobInNewWindow } from '../../lib/open-document';
import { formatUsd } from '../../lib/format-currency';
import { usdOfText } from '../../lib/money-text';
import { CoverageCard } from './coverage-card';
import { EnrollmentBanner } from './enrollment-banner';
import { MyClaimsSection } from './my-claims-section';
import { MyDocumentsSection } from './my-documents-section';

/**
 * My Benefits: the member's own coverage today, who it covers and what it costs them per paycheck,
 * their claims (when the group shows them) and their documents.
 */
export function MyBenefitsScreen() {
  const employerPK = useEmployerPK();
  const benefits = useQuery(myBenefitsQueries.coverage(employerPK));
  return (
    <>
      <PageHeading title="My Benefits" />
      <Stack sx={{ maxWidth: 720, mb: 2 }}>
        <EnrollmentBanner employerPK={employerPK} />
      </Stack>
      {benefits.isPending && <Skeleton variant="rounded" height={320} aria-label="Loading your benefits" />}
      {benefits.isError && (
        <RetryAlert
          title="Your benefits could not be loaded"
          error={benefits.error}
          onRetry={() => void benefits.refetch()}
        />
      )}
      {benefits.data && <MyBenefitsDetails data={benefits.data} employerPK={employerPK} />}
    </>
  );
}

function MyBenefitsDetails({ data, employerPK }: { data: MyBenefits; employerPK: number }) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="my-cost">
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {data.firstName} {data.lastName}
        </Typography>
        <Typography variant="h5" component="p">
          {usdOfText(data.perPaycheck)} per paycheck
        </Typography>
        <Typography variant="body2">
          {usdOfText(data.perYear)} a year · paid {data.payFrequency.toLowerCase()}, {data.periodsPerYear} paychecks
        </Typography>
      </Paper>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() =>
            void openBlobInNewWindow(endpoints.myIdCard, { query: { employerPK } }, 'ID card.pdf').catch(
              () => undefined,
            )
          }
        >
          My ID card (PDF)
        </Button>
        <Button variant="outlined" component={Link} to="/my-life-event">
          Report a life event
        </Button>
      </Stack>
      {data.coverages.length === 0 && <Alert severity="info">You have no medical or dental coverage today.</Alert>}
      {data.coverages.map((coverage) => (
        <CoverageCard key={`${coverage.planType}|${coverage.planName}`} coverage={coverage} />
      ))}
      {data.fsaElections.length > 0 && (
        <Paper component="section" aria-label="Flexible spending" variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            Flexible spending
          </Typography>
          <List dense disablePadding>
            {data.fsaElections.map((e) => (
              <ListItem key={`${e.planName}|${e.planYear}`} disableGutters>
                <ListItemText primary={e.planName} secondary={`${formatUsd(e.electionAmount)} for ${e.planYear}`} />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <Paper component="section" aria-label="Your dependents" variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          Your dependents
        </Typography>
        {data.dependents.length === 0 ? (
          <Typography variant="body2">None on record.</Typography>
        ) : (
          <List dense disablePadding>
            {data.dependents.map((d) => (
              <ListItem key={d.dependentPK} disableGutters>
                <ListItemText primary={d.name} secondary={`${d.relationship} · born ${formatIsoDate(d.dateOfBirth)}`} />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      {data.claimsShown && <MyClaimsSection employerPK={employerPK} />}
      <MyDocumentsSection employerPK={employerPK} />
    </Stack>
  );
}
