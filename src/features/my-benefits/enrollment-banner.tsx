import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { formatIsoDate } from '../../lib/calendar-date';

/** While the group's window is open: the way to next year's elections, and whether they are in. */
export function EnrollmentBanner({ employerPK }: { employerPK: number }) {
  const { data } = useQuery(openEnrollmentQueries.mine(employerPK));
  if (!data?.window?.open) return null;
  return (
    <Alert
      severity={data.submittedAt ? 'success' : 'warning'}
      action={
        <Button component={Link} to="/my-enrollment" color="inherit" size="small">
          {data.submittedAt ? 'Review' : 'Enroll now'}
        </Button>
      }
    >
      <AlertTitle>Open enrollment until {formatIsoDate(data.window.endsOn)}</AlertTitle>
      {data.submittedAt ? 'Your elections for next year are in.' : 'Choose your coverage for next year.'}
    </Alert>
  );
}
