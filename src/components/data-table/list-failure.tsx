import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

type ListFailureProps = {
  /** What could not be loaded, e.g. 'The member list'. */
  what: string;
  message: string;
  retrying: boolean;
  onRetry: () => void;
};

/** A list that failed to load says so where its rows are, with Retry; the screen around it stays. */
export function ListFailure({ what, message, retrying, onRetry }: ListFailureProps) {
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          Retry
        </Button>
      }
    >
      {what} could not be loaded: {message}
    </Alert>
  );
}
