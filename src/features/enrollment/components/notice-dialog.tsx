import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

type NoticeDialogProps = {
  open: boolean;
  title: string;
  message: string;
  buttonLabel?: string;
  onClose: () => void;
};

/** A titled message with one button. */
export function NoticeDialog({ open, title, message, buttonLabel = 'OK', onClose }: NoticeDialogProps) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {buttonLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
