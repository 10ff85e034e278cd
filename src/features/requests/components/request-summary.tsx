import Typography from '@mui/material/Typography';
import { REQUEST_TYPE_LABELS, type RequestItem } from '../../../contracts/requests';
import { formatMoment } from '../lib/format-requested';

/** Which request a confirmation is about: type, subscriber and when it was requested. */
export function RequestSummary({ request }: { request: RequestItem }) {
  return (
    <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
      {REQUEST_TYPE_LABELS[request.type]} for {request.subscriberFirstName} {request.subscriberLastName}, requested{' '}
      {formatMoment(request.dateRequested)}
    </Typography>
  );
}
