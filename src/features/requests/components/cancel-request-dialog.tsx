import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { RequestItem } from '../../../contracts/requests';
import { notify } from '../../../stores/notification-store';
import { useCancelRequest } from '../api/request-mutations';
import { RequestSummary } from './request-summary';

const TITLE_ID = 'cancel-request-title';
const TEXT_ID = 'cancel-request-text';

type CancelRequestDialogProps = {
  /** The request to cancel; the dialog is open while there is one. */
  request: RequestItem | null;
  onClose: () => void;
};

/** Confirmation before a request is cancelled; a refusal (409 and the like) is told by the call layer. */
export function CancelRequestDialog({ request, onClose }: CancelRequestDialogProps) {
  const cancel = useCancelRequest();

  const confirm = (pk: number) =>
    cancel.mutate(
      { query: { requestPK: pk } },
      {
        onSuccess: () => {
          notify({ severity: 'success', title: 'Request cancelled' });
          onClose();
        },
      },
    );

  return (
    <Dialog
      open={request !== null}
      onClose={cancel.isPending ? undefined : onClose}
      aria-labelledby={TITLE_ID}
      aria-describedby={TEXT_ID}
      maxWidth="xs"
      // A fresh confirmation for every request, without the last one's pending state.
      slotProps={{ transition: { onExited: () => cancel.reset() } }}
    >
      <DialogTitle id={TITLE_ID}>Cancel Request</DialogTitle>
      <DialogContent>
        <DialogContentText id={TEXT_ID}>Are you sure you would like to cancel the selected request?</DialogContentText>
        {request && <RequestSummary request={request} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={cancel.isPending} autoFocus>
          Keep Request
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={cancel.isPending || request === null}
          onClick={() => request && confirm(request.pk)}
        >
          Cancel Request
        </Button>
      </DialogActions>
    </Dialog>
  );
}
