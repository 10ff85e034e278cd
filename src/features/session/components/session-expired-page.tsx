import { useLocation } from '@tanstack/react-router';
import { MessagePage } from '../../../components/errors/message-page';
import { SignInAgainButton } from './sign-in-again-button';

/** A session the API keeps refusing: the user chooses to sign in again (no automatic loop). */
export function SessionExpiredPage() {
  const returnTo = useLocation({ select: (location) => location.href });
  return (
    <MessagePage
      title="Your session has expired"
      actions={<SignInAgainButton returnTo={returnTo}>Sign in again</SignInAgainButton>}
    >
      Please sign in again to continue. What is on the server is kept; anything not yet saved on this screen may need to
      be entered again.
    </MessagePage>
  );
}
