import { MessagePage } from './message-page';

/** A protected screen the current group's roles do not grant. */
export function NoAccess() {
  return <MessagePage title="Access denied">You do not have access to this page.</MessagePage>;
}
