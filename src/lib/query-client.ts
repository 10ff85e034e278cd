import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // The call layer already told the user; a retry would repeat the message.
      retry: false,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

/** Resources that do not depend on the current employer group: kept when the group changes. */
const SESSION_WIDE_RESOURCES: readonly unknown[] = ['employers', 'lookups'];

/** After a group switch nothing of the previous group may be shown. */
export function removeGroupScopedQueries(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => !SESSION_WIDE_RESOURCES.includes(query.queryKey[0]) });
}
