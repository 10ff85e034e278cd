import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from '@tanstack/react-router';
import { closeModal, openModal, useOpenModal } from '../../../stores/modal-slice';
import type { WizardJourney } from '../hooks/use-wizard-journey';

/**
 * After the final submit: 'Subscriber Created', then 'Subscriber Request Received' (spec 1 §2 Modals);
 * a change of coverage says so and names the member instead.
 */
export function EnrollmentCompleteModals({ journey }: { journey: WizardJourney }) {
  const change = journey.kind === 'changeCoverage' ? journey : null;
  const modal = useOpenModal();
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
        <DialogTitle id="subscriber-created-title">
          {change ? 'Coverage Change Submitted' : 'Subscriber Created'}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="subscriber-created-text">
            {change
              ? `The coverage change for ${change.memberName} was submitted.`
              : 'The new subscriber enrollment was created.'}
          </DialogContentText>
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
            {change ? 'The coverage change request' : 'The enrollment form'} was received. Visit Enrollment Submissions
            to track its progress.
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
