import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from '@tanstack/react-router';
import { useAppStore } from '../../../stores/app-store';

/** After the final submit: 'Subscriber Created', then 'Subscriber Request Received' (spec 1 §2 Modals). */
export function EnrollmentCompleteModals() {
  const modal = useAppStore((state) => state.modal);
  const openModal = useAppStore((state) => state.openModal);
  const closeModal = useAppStore((state) => state.closeModal);
  const navigate = useNavigate();
  const showReceived = () => openModal('subscriberRequestReceivedModal');
  const goHome = () => {
    closeModal();
    void navigate({ to: '/' });
  };

  return (
    <>
      <Dialog
        open={modal === 'createdNewSubscriberModal'}
        onClose={showReceived}
        aria-labelledby="subscriber-created-title"
        aria-describedby="subscriber-created-text"
        maxWidth="sm"
      >
        <DialogTitle id="subscriber-created-title">Subscriber Created</DialogTitle>
        <DialogContent>
          <DialogContentText id="subscriber-created-text">The new subscriber enrollment was created.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={showReceived} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={modal === 'subscriberRequestReceivedModal'}
        onClose={goHome}
        aria-labelledby="request-received-title"
        aria-describedby="request-received-text"
        maxWidth="sm"
      >
        <DialogTitle id="request-received-title">Subscriber Request Received</DialogTitle>
        <DialogContent>
          <DialogContentText id="request-received-text">
            The enrollment form was received. Visit Enrollment Submissions to track its progress.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={goHome} autoFocus>
            Return to Home
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
