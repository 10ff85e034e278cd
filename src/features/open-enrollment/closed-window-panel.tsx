import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { requestQueries } from '../../api/request-queries';
import { endpoints } from '../../contracts/endpoints';
import type { WindowProgress } from '../../contracts/open-enrollment';
import { canAccess } from '../../contracts/permissions';
import { useCurrentRoles } from '../../hooks/use-session';
import { callEndpoint, type ApiError } from '../../lib/api-client';
import { formatIsoDate } from '../../lib/calendar-date';

const number = new Intl.NumberFormat('en-US');

/**
 * The last closed window: what closing did, and its requests still waiting for HR, approved here all
 * at once (a batch per call until none is left) or one by one on Enrollment Submissions.
 */
export function ClosedWindowPanel({
  employerPK,
  closed,
}: {
  employerPK: number;
  closed: NonNullable<WindowProgress['closed']>;
}) {
  const queryClient = useQueryClient();
  const mayApprove = canAccess(useCurrentRoles(), 'approve');
  const approve = useMutation<number, ApiError>({
    mutationFn: async () => {
      let approved = 0;
      for (;;) {
        const answer = await callEndpoint(endpoints.approveWindowRequests, {
          body: { employerPK, windowPK: closed.windowPK },
        });
        approved += answer.approved;
        if (answer.remaining === 0 || answer.approved === 0) return approved;
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: openEnrollmentQueries.all() }),
        queryClient.invalidateQueries({ queryKey: requestQueries.all() }),
      ]),
  });
  const { summary } = closed;
  const rows: [string, number][] = [
    ['Members', summary.members],
    ['Submitted their elections', summary.elected],
    ['Rolled over without action', summary.rolledOver],
    ['Waived for not enrolling', summary.lapsed],
    ['Flagged: plan has no successor', summary.flagged],
    ['Requests made', summary.requests],
  ];
  const awaiting = `${number.format(closed.awaiting)}${closed.awaitingCapped ? '+' : ''}`;
  return (
    <Paper component="section" aria-labelledby="closed-window-title" variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
      <Typography id="closed-window-title" variant="h6" component="h2">
        Closed: elections for the plan year starting {formatIsoDate(closed.planYearBegin)}
      </Typography>
      <Table size="small" aria-label="What closing did" sx={{ my: 1 }}>
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell align="right">{number.format(value)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {summary.flagged > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {number.format(summary.flagged)} member{summary.flagged === 1 ? ' was' : 's were'} not rolled over because
          their plan has no successor: enroll them in a plan with Change Coverage.
        </Alert>
      )}
      <Typography variant="body2" sx={{ mb: 1 }}>
        {closed.awaiting === 0
          ? 'Every request of this window has been decided.'
          : `${awaiting} request${closed.awaiting === 1 ? '' : 's'} await approval; each also shows on Enrollment Submissions.`}
      </Typography>
      {mayApprove && closed.awaiting > 0 && (
        <Button variant="contained" loading={approve.isPending} onClick={() => approve.mutate()}>
          Approve all {awaiting} requests
        </Button>
      )}
      <Typography role="status" variant="body2" sx={{ mt: 1 }}>
        {approve.isSuccess ? `Approved ${number.format(approve.data)} requests.` : ''}
      </Typography>
      {approve.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          Approval stopped: {approve.error.message} Approve again to go on; what was approved stays approved.
        </Alert>
      )}
    </Paper>
  );
}
