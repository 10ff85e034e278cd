import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { lifeEventQueries } from '../../api/life-event-queries';
import { PageHeading } from '../../components/ui/page-heading';
import { RetryAlert } from '../../components/ui/retry-alert';
import type { ReportLifeEventAnswer } from '../../contracts/life-events';
import { useEmployerPK } from '../../hooks/use-session';
import { formatIsoDate } from '../../lib/calendar-date';
import { LifeEventForm } from './life-event-form';
import { ReportedEvents } from './reported-events';

type Reported = { answer: ReportLifeEventAnswer; proofSent: boolean };

/** A member reports a birth, a marriage, a lost coverage…: the changes go to HR as one request. */
export function LifeEventScreen() {
  const employerPK = useEmployerPK();
  const options = useQuery(lifeEventQueries.options(employerPK));
  const [reported, setReported] = useState<Reported | null>(null);
  return (
    <>
      <PageHeading title="Report a Life Event" />
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Typography variant="body2">
          A birth, an adoption, a marriage or a lost coverage lets you change your benefits during the year. Each kind
          of event has its own deadline.
        </Typography>
        {options.isPending && <Skeleton variant="rounded" height={320} aria-label="Loading life events" />}
        {options.isError && (
          <RetryAlert
            title="Life events could not be loaded"
            error={options.error}
            onRetry={() => void options.refetch()}
          />
        )}
        {reported && (
          <Alert
            severity="success"
            role="status"
            action={
              <Button color="inherit" size="small" component={Link} to="/my-benefits">
                My Benefits
              </Button>
            }
          >
            Sent to HR. If approved, the changes take effect on {formatIsoDate(reported.answer.effectiveDate)}.
            {reported.proofSent ? ' Your proof was attached.' : ' Send the proof from the list below when you have it.'}
          </Alert>
        )}
        {options.data && <ReportedEvents employerPK={employerPK} events={options.data.events} />}
        {options.data && !reported && (
          <LifeEventForm
            employerPK={employerPK}
            options={options.data}
            onReported={(answer, proofSent) => setReported({ answer, proofSent })}
          />
        )}
      </Stack>
    </>
  );
}
