import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { endpoints } from '../../contracts/endpoints';
import type { InviteEmployeesAnswer } from '../../contracts/open-enrollment';
import { useEndpointMutation } from '../../lib/endpoint-query';

const number = new Intl.NumberFormat('en-US');

function outcome(answer: InviteEmployeesAnswer): string {
  const sent = answer.invited === 1 ? 'Invited 1 employee.' : `Invited ${number.format(answer.invited)} employees.`;
  if (answer.remaining === 0) return `${sent} Every employee with an e-mail now has an account or an invitation.`;
  const left = `${number.format(answer.remaining)}${answer.remainingCapped ? '+' : ''}`;
  return `${sent} ${left} more have an e-mail and no account yet.`;
}

/** Employees sign in to enroll themselves: HR invites those with an e-mail and no account, a batch at a time. */
export function InviteEmployeesPanel({ employerPK }: { employerPK: number }) {
  const invite = useEndpointMutation(endpoints.inviteEmployees);
  return (
    <Paper component="section" aria-labelledby="invite-employees-title" variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
      <Typography id="invite-employees-title" variant="h6" component="h2">
        Employee accounts
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Each employee with an e-mail and no account gets an invitation to sign in and enroll themselves. They see only
        their own benefits.
      </Typography>
      <Button variant="outlined" loading={invite.isPending} onClick={() => invite.mutate({ body: { employerPK } })}>
        {invite.data && invite.data.remaining > 0 ? 'Invite the next employees' : 'Invite employees'}
      </Button>
      <Typography role="status" variant="body2" sx={{ mt: 1 }}>
        {invite.data ? outcome(invite.data) : ''}
      </Typography>
    </Paper>
  );
}
