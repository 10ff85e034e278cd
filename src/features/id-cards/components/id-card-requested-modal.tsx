import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { closeModal, useIsModalOpen } from '../../../stores/modal-slice';

const TITLE_ID = 'id-card-requested-title';
const TEXT_ID = 'id-card-requested-text';

type IdCardRequestedModalProps = {
  memberName: string;
  onViewCard: () => void;
};

/** Confirmation after 'Request ID Card' (submittedNewIdCard); the spec leaves its wording open. */
export function IdCardRequestedModal({ memberName, onViewCard }: IdCardRequestedModalProps) {
  const open = useIsModalOpen('submittedNewIdCard');
  return (
    <Dialog open={open} onClose={closeModal} aria-labelledby={TITLE_ID} aria-describedby={TEXT_ID}>
      <DialogTitle id={TITLE_ID}>ID Card Requested</DialogTitle>
      <DialogContent>
        <DialogContentText id={TEXT_ID}>
          A new ID card has been issued for {memberName}. It is now the member&apos;s latest card.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onViewCard}>View ID Card</Button>
        <Button variant="contained" onClick={closeModal} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
