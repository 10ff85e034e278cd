import { MessagePage } from '../../../components/errors/message-page';
import { LogoutButton } from './logout-button';

export const NO_GROUPS_MESSAGE =
  "You are not associated to any Groups. If this is in error, try clicking Logout and logging back in, and contact the provider's representative.";

/** All a user without groups sees: no menu, no header (spec 1 §1). */
export function NoGroupsPage() {
  return (
    <main>
      <MessagePage title="No employer group" actions={<LogoutButton variant="contained" />}>
        {NO_GROUPS_MESSAGE}
      </MessagePage>
    </main>
  );
}
