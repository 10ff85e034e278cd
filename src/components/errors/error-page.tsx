import Button from '@mui/material/Button';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { MessagePage } from './message-page';

/** Default route error (spec 1 §8 default error text); the call layer has already shown details. */
export function ErrorPage({ reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <MessagePage
      title="Something went wrong"
      actions={
        <Button variant="contained" onClick={retry}>
          Try again
        </Button>
      }
    >
      An error occurred. Please try again.
    </MessagePage>
  );
}
