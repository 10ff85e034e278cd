import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';

type ConfirmDialogProps = {
  /** Unique on the page: names the dialog's title and text ids. */
  id: string;
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  keep?: string;
  destructive?: boolean;
  pending?: boolean;
  /** A refusal, shown in the dialog, which stays open. */
  failure?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** After the closing transition, when the button that opened the dialog may be gone: moves focus itself. */
  onExited?: () => void;
};

/** A question before an action that cannot be undone from this screen. */
export function ConfirmDialog({
  id,
  open,
  title,
  text,
  confirm,
  keep = 'Cancel',
  destructive = false,
  pending = false,
  failure,
  onConfirm,
  onClose,
  onExited,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      disableRestoreFocus={onExited !== undefined}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {pending && <LinearProgress aria-label="Working" />}
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending} autoFocus>
          {keep}
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} disabled={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
