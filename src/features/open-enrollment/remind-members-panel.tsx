import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { endpoints } from '../../contracts/endpoints';
import type { RemindMembersAnswer } from '../../contracts/open-enrollment';
import { useEndpointMutation } from '../../lib/endpoint-query';

const number = new Intl.NumberFormat('en-US');

function outcome(answer: RemindMembersAnswer): string {
  const sent = answer.reminded === 1 ? 'Reminded 1 member.' : `Reminded ${number.format(answer.reminded)} members.`;
  if (answer.remaining === 0) return `${sent} Everyone not done has been reminded today.`;
  return `${sent} ${number.format(answer.remaining)}${answer.remainingCapped ? '+' : ''} more to remind today.`;
}

/** "Remind those not done": a mail to each member with an account who has not submitted, once a day at most. */
export function RemindMembersPanel({ employerPK }: { employerPK: number }) {
  const remind = useEndpointMutation(endpoints.remindMembers, { invalidates: [openEnrollmentQueries.all()] });
  return (
    <Paper component="section" aria-labelledby="remind-members-title" variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
      <Typography id="remind-members-title" variant="h6" component="h2">
        Reminders
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Members with an account who have not submitted get an e-mail, at most one a day.
      </Typography>
      <Button variant="outlined" loading={remind.isPending} onClick={() => remind.mutate({ body: { employerPK } })}>
        {remind.data && remind.data.remaining > 0 ? 'Remind the next members' : 'Remind those not done'}
      </Button>
      <Typography role="status" variant="body2" sx={{ mt: 1 }}>
        {remind.data ? outcome(remind.data) : ''}
      </Typography>
    </Paper>
  );
}
