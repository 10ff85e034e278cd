import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestQueries } from '../../../api/request-queries';
import type { requestStatusEvent, RequestItem } from '../../../contracts/requests';
import { sanitizeDocumentHtml } from '../../../lib/sanitize-html';
import { formatMoment } from '../lib/format-requested';
import { RequestProof } from './request-proof';
import { REQUEST_STATUS_LABELS } from '../../../contracts/requests';

const TITLE_ID = 'view-request-title';

type StatusEvent = z.output<typeof requestStatusEvent>;

type ViewRequestDialogProps = {
  /** The request to show; the dialog is open while there is one. */
  request: RequestItem | null;
  onClose: () => void;
};

// The rendered document is plain sections of `dl`s and tables; these rules make it readable.
const documentStyles = {
  '& h2': { typography: 'h6', mt: 0 },
  '& h3': { typography: 'subtitle1', fontWeight: 600, mt: 2, mb: 1 },
  '& dl': { display: 'grid', gridTemplateColumns: 'minmax(8rem, max-content) 1fr', columnGap: 2, rowGap: 0.5, m: 0 },
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0 },
  '& table': { borderCollapse: 'collapse', width: '100%' },
  '& th, & td': { borderBottom: 1, borderColor: 'divider', textAlign: 'left', p: 0.5, verticalAlign: 'top' },
} as const;

/** 'View Request' (spec 1 §2 Modals): the request as a rendered document, and its status timeline. */
export function ViewRequestDialog({ request, onClose }: ViewRequestDialogProps) {
  // A life event is reviewed with its proof beside it.
  const withProof = request?.type === 'LifeEvent';
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      aria-labelledby={TITLE_ID}
      maxWidth={withProof ? 'lg' : 'md'}
      fullWidth
      scroll="paper"
    >
      <DialogTitle id={TITLE_ID}>View Request</DialogTitle>
      {/* Focusable, so keyboard users can scroll a long request. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label="Request details">
        {request && (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: withProof ? '1fr 1fr' : '1fr' } }}>
            <Box sx={{ minWidth: 0 }}>
              <RequestDocument requestPK={request.pk} />
            </Box>
            {withProof && <RequestProof requestPK={request.pk} />}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RequestDocument({ requestPK }: { requestPK: number }) {
  const details = useQuery(requestQueries.details(requestPK));
  if (details.isPending) return <LinearProgress aria-label="Loading the request" />;
  if (details.isError) return <Alert severity="error">The request could not be loaded. Please try again.</Alert>;
  return (
    <>
      {/* The server escapes every text and sends fixed markup only (README "Viewing a request"); the
          browser cleans it again, so a server fault can never run script here. */}
      <Box sx={documentStyles} dangerouslySetInnerHTML={{ __html: sanitizeDocumentHtml(details.data.content) }} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 3 }}>
        Status history
      </Typography>
      <StatusTimeline history={details.data.history} />
    </>
  );
}

function StatusTimeline({ history }: { history: StatusEvent[] }) {
  return (
    <List dense aria-label="Status history" component="ol" sx={{ listStyle: 'none', p: 0 }}>
      {history.map((event, i) => (
        <ListItem key={`${event.changedAt}-${i}`} disableGutters divider={i < history.length - 1}>
          <ListItemText
            primary={REQUEST_STATUS_LABELS[event.status]}
            secondary={[`${formatMoment(event.changedAt)} by ${event.changedBy}`, event.note]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
