import Button from '@mui/material/Button';
import { Link } from '@tanstack/react-router';
import { MessagePage } from './message-page';

export function NotFoundPage() {
  return (
    <MessagePage
      title="Page not found"
      actions={
        <Button component={Link} to="/" variant="contained">
          Go to home
        </Button>
      }
    >
      The page you asked for does not exist.
    </MessagePage>
  );
}
