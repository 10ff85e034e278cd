import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { closeModal, useIsModalOpen } from '../../../stores/modal-slice';
import { AnalyticsOptOut } from './analytics-opt-out';

const TITLE_ID = 'privacy-modal-title';

export function PrivacyModal() {
  const open = useIsModalOpen('privacyModal');
  return (
    <Dialog open={open} onClose={closeModal} aria-labelledby={TITLE_ID} fullWidth maxWidth="sm">
      <DialogTitle id={TITLE_ID}>Privacy</DialogTitle>
      <DialogContent>
        <Typography variant="body2">
          This portal processes the personal and health-benefit information of your group&apos;s members only to
          administer their benefits. Access is limited to the roles your group grants you, and every change is recorded.
          Member data is never shared for marketing.
        </Typography>
        <AnalyticsOptOut />
      </DialogContent>
      <DialogActions>
        <Button onClick={closeModal} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
