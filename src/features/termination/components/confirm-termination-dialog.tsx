import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { formatIsoDate } from '../../../lib/calendar-date';

const TITLE_ID = 'confirm-termination-title';

export type TerminationSummary = {
  /** 'Subscriber Ana Lopez' or 'Child Leo Lopez of subscriber Ana Lopez'. */
  member: string;
  eventDate: string;
  terminationDate: string;
  reason: string;
  comment?: string;
};

type ConfirmTerminationDialogProps = {
  summary: TerminationSummary | null;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Nothing is sent before the user has read who is terminated, from when and why, and confirmed. */
export function ConfirmTerminationDialog({ summary, sending, onConfirm, onCancel }: ConfirmTerminationDialogProps) {
  const facts = summary
    ? [
        { label: 'Member', value: summary.member },
        { label: 'Event Date', value: formatIsoDate(summary.eventDate) },
        { label: 'Benefit End Date', value: formatIsoDate(summary.terminationDate) },
        { label: 'Reason', value: summary.reason },
        ...(summary.comment?.trim() ? [{ label: 'Comment', value: summary.comment.trim() }] : []),
      ]
    : [];
  return (
    <Dialog
      open={summary !== null}
      onClose={sending ? undefined : onCancel}
      aria-labelledby={TITLE_ID}
      aria-describedby={`${TITLE_ID}-text`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={TITLE_ID}>Confirm termination</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${TITLE_ID}-text`} sx={{ mb: 2 }}>
          Submit this termination request? Coverage ends on the Benefit End Date once the request is processed.
        </DialogContentText>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, m: 0 }}
        >
          {facts.map((fact) => (
            <Box key={fact.label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {fact.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0.5 }, overflowWrap: 'anywhere' }}>
                {fact.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        {/* The safe choice has the focus. */}
        <Button onClick={onCancel} disabled={sending} autoFocus>
          Go back
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={sending}>
          Submit termination
        </Button>
      </DialogActions>
    </Dialog>
  );
}
