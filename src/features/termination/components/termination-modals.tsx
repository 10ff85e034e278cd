import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { RETRO_TERMINATION_MESSAGE } from '../../../contracts/terminations';

type NoticeDialogProps = {
  id: string;
  open: boolean;
  title: string;
  children: ReactNode;
  action: ReactNode;
  onClose?: () => void;
};

function NoticeDialog({ id, open, title, children, action, onClose }: NoticeDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{children}</DialogContentText>
      </DialogContent>
      <DialogActions>{action}</DialogActions>
    </Dialog>
  );
}

/** 'Terminate Subscriber Error' / 'Terminate Dependent Error': a date beyond the 90-day retro window. */
export function RetroDateErrorModal({
  open,
  isDependent,
  onBack,
}: {
  open: boolean;
  isDependent: boolean;
  onBack: () => void;
}) {
  return (
    <NoticeDialog
      id="retro-error"
      open={open}
      onClose={onBack}
      title={isDependent ? 'Terminate Dependent Error' : 'Terminate Subscriber Error'}
      action={
        <Button variant="contained" onClick={onBack} autoFocus>
          Go back
        </Button>
      }
    >
      {RETRO_TERMINATION_MESSAGE}
    </NoticeDialog>
  );
}

/** 'Subscriber Termination Info': the request was submitted; OK goes home. */
export function SubscriberTerminationInfoModal({
  open,
  name,
  onOk,
}: {
  open: boolean;
  name: string;
  onOk: () => void;
}) {
  return (
    <NoticeDialog
      id="subscriber-termination-info"
      open={open}
      title="Subscriber Termination Info"
      action={
        <Button variant="contained" onClick={onOk} autoFocus>
          OK
        </Button>
      }
    >
      The termination request for {name} has been submitted.
    </NoticeDialog>
  );
}

type DependentTerminationInfoModalProps = { open: boolean; name: string; proceeding: boolean; onProceed: () => void };

/** 'Dependent Termination Info': coverage must change to reflect it; Proceed goes to choose-a-plan. */
export function DependentTerminationInfoModal({
  open,
  name,
  proceeding,
  onProceed,
}: DependentTerminationInfoModalProps) {
  return (
    <NoticeDialog
      id="dependent-termination-info"
      open={open}
      title="Dependent Termination Info"
      action={
        <Button variant="contained" onClick={onProceed} disabled={proceeding} autoFocus>
          {proceeding ? 'Proceeding…' : 'Proceed'}
        </Button>
      }
    >
      The termination request for {name} has been submitted. You must change your coverage to reflect the termination.
    </NoticeDialog>
  );
}
