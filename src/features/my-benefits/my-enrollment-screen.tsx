import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { PageHeading } from '../../components/ui/page-heading';
import { RetryAlert } from '../../components/ui/retry-alert';
import { useEmployerPK } from '../../hooks/use-session';
import { endpoints } from '../../contracts/endpoints';
import { formatIsoDate } from '../../lib/calendar-date';
import { openBlobInNewWindow } from '../../lib/open-document';
import { EnrollmentForm } from './enrollment-form';

/** The member's open enrollment: next year's plans compared, and their elections. */
export function MyEnrollmentScreen() {
  const employerPK = useEmployerPK();
  const enrollment = useQuery(openEnrollmentQueries.mine(employerPK));
  const data = enrollment.data;
  return (
    <>
      <PageHeading title="Enroll for Next Year" />
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        {enrollment.isPending && <Skeleton variant="rounded" height={320} aria-label="Loading your enrollment" />}
        {enrollment.isError && (
          <RetryAlert
            title="Your enrollment could not be loaded"
            error={enrollment.error}
            onRetry={() => void enrollment.refetch()}
          />
        )}
        {data && !data.window?.open && (
          <Alert severity="info">
            {data.window?.closing
              ? 'Open enrollment has closed: your elections are with HR.'
              : data.window
                ? `Open enrollment runs from ${formatIsoDate(data.window.startsOn)} to ${formatIsoDate(data.window.endsOn)}.`
                : 'Open enrollment is not open for your group.'}{' '}
            For a change of coverage now, contact your HR department.
          </Alert>
        )}
        {data?.window?.open && (
          <>
            <Alert
              severity={data.submittedAt ? 'success' : 'info'}
              action={
                data.submittedAt && (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() =>
                      void openBlobInNewWindow(
                        endpoints.myStatement,
                        { query: { employerPK } },
                        'Open enrollment confirmation.pdf',
                      ).catch(() => undefined)
                    }
                  >
                    Confirmation (PDF)
                  </Button>
                )
              }
            >
              {data.submittedAt
                ? `Your elections are in. You can change them until ${formatIsoDate(data.window.endsOn)}.`
                : `Choose your coverage for the plan year starting ${formatIsoDate(data.window.planYearBegin)} by ${formatIsoDate(data.window.endsOn)}.`}
            </Alert>
            <EnrollmentForm
              // A new submission starts the form again from what was stored.
              key={data.submittedAt ?? 'new'}
              employerPK={employerPK}
              enrollment={data}
            />
          </>
        )}
      </Stack>
    </>
  );
}
