import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { isApiError } from '../../lib/api-client';

type RetryAlertProps = {
  title: string;
  error: unknown;
  onRetry: () => void;
};

function messageOf(error: unknown): string {
  if (isApiError(error)) return error.status > 0 ? `${error.message} (${error.status})` : error.message;
  return 'Please try again.';
}

/** A failure shown in place, not in a modal: the rest of the screen stays usable. */
export function RetryAlert({ title, error, onRetry }: RetryAlertProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {messageOf(error)}
    </Alert>
  );
}
