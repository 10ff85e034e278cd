import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lifeEventQueries } from '../../api/life-event-queries';
import { endpoints } from '../../contracts/endpoints';
import { LIFE_EVENT_CLOSED_STATUSES, PROOF_MAX_BYTES, type MyLifeEvent } from '../../contracts/life-events';
import { REQUEST_STATUS_LABELS, type RequestStatus } from '../../contracts/requests';
import { formatIsoDate } from '../../lib/calendar-date';
import { useEndpointMutation } from '../../lib/endpoint-query';
import { notify } from '../../stores/notification-store';

const proofText = (e: MyLifeEvent) =>
  e.proof === 'attached'
    ? 'proof sent'
    : e.proof === 'toFollow'
      ? `proof to follow by ${formatIsoDate(e.proofDueDate)}`
      : 'proof not received';

/** The member's earlier reports, where each stands, and a way to send a proof that was to follow. */
export function ReportedEvents({ employerPK, events }: { employerPK: number; events: MyLifeEvent[] }) {
  const upload = useEndpointMutation(endpoints.uploadLifeEventProof, {
    invalidates: [lifeEventQueries.all()],
    onSuccess: () => notify({ severity: 'success', title: 'Your proof was sent to HR' }),
  });
  if (events.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby="reported-title" variant="outlined" sx={{ p: 2 }}>
      <Typography id="reported-title" variant="h6" component="h2">
        Reported events
      </Typography>
      <List dense disablePadding>
        {events.map((e) => (
          <ListItem
            key={e.lifeEventPK}
            disableGutters
            secondaryAction={
              e.proof !== 'attached' &&
              !LIFE_EVENT_CLOSED_STATUSES.includes(e.requestStatus) && (
                <Button component="label" size="small" loading={upload.isPending}>
                  Send proof
                  <input
                    type="file"
                    hidden
                    accept="application/pdf,image/jpeg,image/png"
                    aria-label={`Proof of ${e.kindName} on ${formatIsoDate(e.eventDate)}`}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      if (!file) return;
                      if (file.size > PROOF_MAX_BYTES) {
                        notify({ severity: 'error', title: 'The proof must be 10 MB or less.' });
                        return;
                      }
                      upload.mutate({ query: { employerPK, lifeEventPK: e.lifeEventPK }, body: file });
                    }}
                  />
                </Button>
              )
            }
          >
            <ListItemText
              primary={`${e.kindName} on ${formatIsoDate(e.eventDate)}`}
              secondary={`${REQUEST_STATUS_LABELS[e.requestStatus as RequestStatus] ?? e.requestStatus} · effective ${formatIsoDate(e.effectiveDate)} · ${proofText(e)}`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
