import { userQueries } from '../../api/user-queries';
import type { GroupLoaderContext } from '../../lib/router-context';
import { toUserListQuery, type UserSearch } from './user-search';

/** The list's query options: the route's loader and the screen read the same ones. */
export function userListQuery(search: UserSearch, employerPK: number) {
  return userQueries.list(toUserListQuery(search, employerPK));
}

/** For the route's loader: the page the URL names; a failure is shown by the screen with a Retry. */
export async function loadUserList({ queryClient, employerPK }: GroupLoaderContext, search: UserSearch) {
  await queryClient.ensureQueryData(userListQuery(search, employerPK)).catch(() => undefined);
}
