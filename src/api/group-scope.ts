import type { QueryClient } from '@tanstack/react-query';
import { accountQueries } from './account-queries';
import { employerQueries } from './employer-queries';
import { lookupQueries } from './lookup-queries';

/** Resources that do not depend on the current employer group: kept when the group changes. */
const SESSION_WIDE_ROOTS: readonly unknown[] = [
  employerQueries.all()[0],
  lookupQueries.all()[0],
  // The user's access and group list: the session reads the access while the switch settles.
  accountQueries.all()[0],
];

/** After a group switch nothing of the previous group may be shown. */
export function removeGroupScopedQueries(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => !SESSION_WIDE_ROOTS.includes(query.queryKey[0]) });
}
