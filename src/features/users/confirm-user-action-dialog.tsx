import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { GroupUser } from '../../contracts/users';
import { notify } from '../../stores/notification-store';
import { CONFIRMATIONS, type ConfirmedAction } from './user-actions';
import { refusalOf, useUserChange } from './user-mutations';

const TITLE_ID = 'confirm-user-action-title';
const TEXT_ID = 'confirm-user-action-text';

type ConfirmUserActionDialogProps = {
  /** What is asked, and about whom; kept while the dialog closes. */
  action: ConfirmedAction | null;
  user: GroupUser | null;
  open: boolean;
  employerPK: number;
  onClose: () => void;
  /** After the closing transition: focus goes back to the row. */
  onExited: () => void;
};

/**
 * The question before cancelling an invitation, deactivating, reactivating or resetting MFA. A
 * refusal (e.g. "A group needs at least one GroupAdmin…") is shown in the dialog, which stays open.
 */
export function ConfirmUserActionDialog({
  action,
  user,
  open,
  employerPK,
  onClose,
  onExited,
}: ConfirmUserActionDialogProps) {
  const confirmation = action ? CONFIRMATIONS[action] : null;
  const change = useUserChange(confirmation?.endpoint ?? CONFIRMATIONS.deactivate.endpoint);
  const refusal = refusalOf(change.error);
  const pending = change.isPending;

  const confirm = (about: GroupUser) =>
    confirmation &&
    change.mutate(
      { body: { employerPK, userId: about.userId } },
      {
        onSuccess: () => {
          notify({ severity: 'success', title: confirmation.done(about) });
          onClose();
        },
      },
    );

  return (
    <Dialog
      open={open && confirmation !== null && user !== null}
      onClose={pending ? undefined : onClose}
      aria-labelledby={TITLE_ID}
      aria-describedby={TEXT_ID}
      maxWidth="xs"
      disableRestoreFocus
      slotProps={{
        transition: {
          onExited: () => {
            change.reset();
            onExited();
          },
        },
      }}
    >
      {confirmation && user && (
        <>
          <DialogTitle id={TITLE_ID}>{confirmation.title(user)}</DialogTitle>
          {pending && <LinearProgress aria-label="Saving" />}
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText id={TEXT_ID}>{confirmation.text(user)}</DialogContentText>
              {refusal && (
                <Alert severity="error" role="alert" data-testid="user-action-error">
                  {refusal}
                </Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={pending} autoFocus>
              {confirmation.keep}
            </Button>
            <Button
              variant="contained"
              color={confirmation.destructive ? 'error' : 'primary'}
              disabled={pending}
              onClick={() => confirm(user)}
            >
              {confirmation.confirm}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
