import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useEnrollmentRequestPK } from '../../../stores/enrollment-draft-slice';
import { useCancelEnrollment } from '../api/use-cancel-enrollment';

const TITLE_ID = 'cancel-enrollment-title';

type CancelEnrollmentProps = { disabled?: boolean; onBeforeLeave?: () => void };

/**
 * 'Cancel enrollment', shown only once a request exists. After confirmation the request is
 * cancelled, the subscriber cleared, and the wizard starts again at step 1 with an empty form.
 */
export function CancelEnrollment({ disabled, onBeforeLeave }: CancelEnrollmentProps) {
  const requestPK = useEnrollmentRequestPK();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const cancel = useCancelEnrollment();
  if (requestPK === null) return null;

  const confirm = async () => {
    onBeforeLeave?.();
    try {
      // Clearing remounts the step (and this button), so the navigation follows the promise.
      await cancel.mutateAsync(requestPK);
    } catch {
      return; // Reported by the hook; the enrollment stays as it was.
    }
    setOpen(false);
    await navigate({ to: '/enroll-subscriber/personal-information' });
  };

  return (
    <>
      <Button color="error" variant="outlined" disabled={disabled} onClick={() => setOpen(true)}>
        Cancel enrollment
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={TITLE_ID} maxWidth="xs">
        <DialogTitle id={TITLE_ID}>Cancel enrollment?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The enrollment request will be cancelled and everything entered in this wizard cleared.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} autoFocus>
            Keep enrollment
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirm()} disabled={cancel.isPending}>
            Cancel enrollment
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
