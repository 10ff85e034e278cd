import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { endpoints } from '../../contracts/endpoints';
import type { CloseWindowAnswer, WindowProgress } from '../../contracts/open-enrollment';
import { callEndpoint, type ApiError } from '../../lib/api-client';
import { formatIsoDate } from '../../lib/calendar-date';

const TITLE_ID = 'close-window-title';
const number = new Intl.NumberFormat('en-US');

/** What closing does to those who never started, as HR reads it before confirming. */
export function unstartedOutcome(progress: Pick<WindowProgress, 'counts' | 'mustChoosePlans'>, rollover: boolean) {
  // Closing treats those in progress like those not started: neither has submitted.
  const unsubmitted = progress.counts.notStarted + progress.counts.inProgress;
  const who = `${number.format(unsubmitted)} member${unsubmitted === 1 ? '' : 's'} who have not submitted`;
  const rule = rollover
    ? `${who} keep their plans: each rolls over to its successor, in the same tier.`
    : `${who} are waived: their medical and dental coverage ends when the plan year starts.`;
  const flagged =
    rollover && progress.mustChoosePlans.length > 0
      ? ` Members of ${progress.mustChoosePlans.join(', ')} are not rolled over (no successor): they are flagged for you.`
      : '';
  return `${rule}${flagged} FSA elections never roll over.`;
}

/**
 * "Close enrollment": after HR confirms, members can no longer change their elections and every one of
 * them becomes a request. Closing goes on call after call, each a few seconds, with a progress bar; one
 * that stopped half way (a lost connection) is finished with the same button.
 */
export function CloseWindowPanel({
  employerPK,
  progress,
}: {
  employerPK: number;
  progress: WindowProgress & { window: NonNullable<WindowProgress['window']> };
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [step, setStep] = useState<CloseWindowAnswer | null>(null);
  const close = useMutation<CloseWindowAnswer, ApiError>({
    mutationFn: async () => {
      let answer: CloseWindowAnswer;
      do {
        answer = await callEndpoint(endpoints.closeEnrollmentWindow, { body: { employerPK } });
        setStep(answer);
      } while (!answer.closed);
      return answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: openEnrollmentQueries.all() }),
  });
  const { window } = progress;
  const resuming = window.closing && !close.isPending;
  const done = step ? Math.min(100, Math.round((step.summary.members / Math.max(1, step.members)) * 100)) : 0;
  return (
    <Paper component="section" aria-labelledby="close-window-heading" variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
      <Typography id="close-window-heading" variant="h6" component="h2">
        Close enrollment
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {unstartedOutcome(progress, window.unstartedChoice === 'rollover')} Every member&apos;s elections become a
        request effective {formatIsoDate(window.planYearBegin)}, for you to approve.
      </Typography>
      {resuming && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Closing began and did not finish. Finish it to make the remaining members&apos; requests.
        </Alert>
      )}
      <Button
        variant="contained"
        color="warning"
        loading={close.isPending}
        onClick={() => (window.closing ? close.mutate() : setAsking(true))}
      >
        {window.closing ? 'Finish closing' : 'Close enrollment'}
      </Button>
      {close.isPending && (
        <LinearProgress variant="determinate" value={done} aria-label="Closing enrollment" sx={{ mt: 2 }} />
      )}
      <Typography role="status" variant="body2" sx={{ mt: 1 }}>
        {close.isPending && step
          ? `Closed for ${number.format(step.summary.members)} of ${number.format(step.members)} members…`
          : ''}
      </Typography>
      {close.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          Closing stopped: {close.error.message} Press Finish closing to go on; nothing done is lost.
        </Alert>
      )}
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        aria-labelledby={TITLE_ID}
        aria-describedby={`${TITLE_ID}-text`}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={TITLE_ID}>Close open enrollment now?</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${TITLE_ID}-text`}>
            Members can no longer change their elections, even before {formatIsoDate(window.endsOn)}.{' '}
            {unstartedOutcome(progress, window.unstartedChoice === 'rollover')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button
            variant="contained"
            color="warning"
            onClick={() => {
              setAsking(false);
              close.mutate();
            }}
          >
            Close enrollment
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
