import { MessagePage } from '../../../components/errors/message-page';
import type { SignOutReason } from '../session-channel';
import { SignInAgainButton } from './sign-in-again-button';

type SignedOutElsewherePageProps = { reason?: SignOutReason; returnTo?: string };

/**
 * A tab whose session another tab of the browser ended: it signs in again only when the user asks,
 * then comes back to where it was.
 */
export function SignedOutElsewherePage({ reason, returnTo = '/' }: SignedOutElsewherePageProps) {
  return (
    <main>
      <MessagePage
        title="You are signed out"
        actions={
          <SignInAgainButton returnTo={returnTo} afterInactivity={reason === 'inactivity'}>
            Sign in
          </SignInAgainButton>
        }
      >
        {reason === 'inactivity'
          ? 'The portal was not used for a while, so it signed you out in every tab of this browser.'
          : 'You logged out in another tab of this browser.'}
      </MessagePage>
    </main>
  );
}
