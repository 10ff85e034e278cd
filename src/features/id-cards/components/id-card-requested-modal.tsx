import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useAppStore } from '../../../stores/app-store';

const TITLE_ID = 'id-card-requested-title';
const TEXT_ID = 'id-card-requested-text';

type IdCardRequestedModalProps = {
  memberName: string;
  onViewCard: () => void;
};

/** Confirmation after 'Request ID Card' (submittedNewIdCard); the spec leaves its wording open. */
export function IdCardRequestedModal({ memberName, onViewCard }: IdCardRequestedModalProps) {
  const open = useAppStore((state) => state.modal === 'submittedNewIdCard');
  const close = useAppStore((state) => state.closeModal);
  return (
    <Dialog open={open} onClose={close} aria-labelledby={TITLE_ID} aria-describedby={TEXT_ID}>
      <DialogTitle id={TITLE_ID}>ID Card Requested</DialogTitle>
      <DialogContent>
        <DialogContentText id={TEXT_ID}>
          A new ID card has been issued for {memberName}. It is now the member&apos;s latest card.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onViewCard}>View ID Card</Button>
        <Button variant="contained" onClick={close} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
