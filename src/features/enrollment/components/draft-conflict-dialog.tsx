import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { StepConflict } from '../hooks/use-step-save';

export const DRAFT_CONFLICT_TITLE = 'This enrollment was changed elsewhere';

/**
 * A save refused with 409: the draft was saved in another tab or by another user. Escape and
 * 'Keep editing' (focused first, as it loses nothing) close it with the typed values untouched.
 */
export function DraftConflictDialog({ conflict }: { conflict: StepConflict | null }) {
  const id = useId();
  return (
    <Dialog
      open={conflict !== null}
      onClose={() => conflict?.keepEditing()}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>{DRAFT_CONFLICT_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          Your changes on this page were not saved: this enrollment was saved elsewhere after you opened it. Reload it
          to continue from the saved version (what you typed on this page is replaced), or keep editing to copy what you
          typed first; saving is refused until you reload.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => conflict?.keepEditing()} disabled={conflict?.reloading} autoFocus>
          Keep editing
        </Button>
        <Button variant="contained" onClick={() => conflict?.reload()} disabled={conflict?.reloading}>
          {conflict?.reloading ? 'Reloading…' : 'Reload enrollment'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
