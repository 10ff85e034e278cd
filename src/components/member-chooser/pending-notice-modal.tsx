import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

const TITLE_ID = 'pending-notice-title';
const TEXT_ID = 'pending-notice-text';

type PendingNoticeModalProps = {
  /** The notice; the modal is open while there is one. */
  message: string | null;
  /** Back to the member chooser; the flow does not go on. */
  onReturn: () => void;
};

/** 'Notification for request' (spec 1 §2 Modals): the member already has a pending request. */
export function PendingNoticeModal({ message, onReturn }: PendingNoticeModalProps) {
  return (
    <Dialog open={message !== null} onClose={onReturn} aria-labelledby={TITLE_ID} aria-describedby={TEXT_ID}>
      <DialogTitle id={TITLE_ID}>Notification for Request</DialogTitle>
      <DialogContent>
        <DialogContentText id={TEXT_ID}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onReturn} autoFocus>
          Return to previous step
        </Button>
      </DialogActions>
    </Dialog>
  );
}
