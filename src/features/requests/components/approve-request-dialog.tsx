import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { Link as RouterLink } from '@tanstack/react-router';
import { APPROVE_CONFIRM_MESSAGE, APPROVED_MESSAGE, type RequestItem } from '../../../contracts/requests';
import { useApproveRequest } from '../api/request-mutations';
import { RequestSummary } from './request-summary';

const TITLE_ID = 'approve-request-title';
const TEXT_ID = 'approve-request-text';

type ApproveRequestDialogProps = {
  /** The request to approve; the dialog is open while there is one. */
  request: RequestItem | null;
  onClose: () => void;
};

/**
 * 'HR Approve Request' (spec 1 §4 "Approval"): the confirm question, then the approval message with
 * a link back to home. A refusal (409, 403) is told by the call layer and the question stays.
 */
export function ApproveRequestDialog({ request, onClose }: ApproveRequestDialogProps) {
  const approve = useApproveRequest();
  const approved = approve.isSuccess;

  return (
    <Dialog
      open={request !== null}
      onClose={approve.isPending ? undefined : onClose}
      aria-labelledby={TITLE_ID}
      aria-describedby={TEXT_ID}
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => approve.reset() } }}
    >
      <DialogTitle id={TITLE_ID}>{approved ? 'Request Approved' : 'Approve Request'}</DialogTitle>
      {approve.isPending && <LinearProgress aria-label="Approving the request" />}
      <DialogContent>
        <DialogContentText id={TEXT_ID} role={approved ? 'status' : undefined}>
          {approved ? APPROVED_MESSAGE : APPROVE_CONFIRM_MESSAGE}
        </DialogContentText>
        {request && <RequestSummary request={request} />}
      </DialogContent>
      {approved ? (
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <Button variant="contained" component={RouterLink} to="/" onClick={onClose} autoFocus>
            Return to Home
          </Button>
        </DialogActions>
      ) : (
        <DialogActions>
          <Button onClick={onClose} disabled={approve.isPending} autoFocus>
            No
          </Button>
          <Button
            variant="contained"
            disabled={approve.isPending || request === null}
            onClick={() => request && approve.mutate({ query: { requestPK: request.pk } })}
          >
            Yes, approve
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
