import type { UserListQuery } from '../contracts/users';
import { endpoints } from '../contracts/endpoints';
import { pagedListQueryOptions } from '../lib/paged-list-query';

const ROOT = 'users';

/**
 * A group's users (the Users screen). Keys are ['users', verb, input], so every change of a user
 * (invite, roles, deactivation…) invalidates all() at once. The export is a download, not a query.
 */
export const userQueries = {
  all: () => [ROOT] as const,
  lists: () => [ROOT, 'list'] as const,
  // The screen shows a failure in place, with a Retry.
  list: (query: UserListQuery) =>
    pagedListQueryOptions(
      ROOT,
      'list',
      endpoints.userList,
      { query },
      { in: 'query', pageFields: ['page', 'recordsPerPage', 'sort', 'order'], totalOf: (answer) => answer.recordCount },
      { notify: false },
    ),
};
