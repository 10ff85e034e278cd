import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { IdleCountdown } from './idle-countdown';

const TITLE_ID = 'idle-warning-title';

type IdleWarningDialogProps = {
  /** When the session ends; null while no warning shows. */
  expiresAt: number | null;
  onStay: () => void;
  onSignOut: () => void;
};

/** The warning before an idle logoff; Escape, like "Stay signed in", counts as the user being back. */
export function IdleWarningDialog({ expiresAt, onStay, onSignOut }: IdleWarningDialogProps) {
  return (
    <Dialog open={expiresAt !== null} onClose={onStay} aria-labelledby={TITLE_ID} maxWidth="xs" fullWidth>
      <DialogTitle id={TITLE_ID}>Are you still there?</DialogTitle>
      <DialogContent>
        {expiresAt !== null && <IdleCountdown expiresAt={expiresAt} id={`${TITLE_ID}-time`} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onSignOut}>Sign out now</Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          Stay signed in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
