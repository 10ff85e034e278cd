import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountQueries } from './account-queries';
import { employerQueries } from './employer-queries';
import { removeGroupScopedQueries } from './group-scope';
import { lookupQueries } from './lookup-queries';
import { requestQueries } from './request-queries';
import { subscriberQueries } from './subscriber-queries';

describe('removeGroupScopedQueries', () => {
  it('keeps the employer details, lookups and the user’s access, drops everything of the group', () => {
    const client = new QueryClient();
    client.setQueryData(employerQueries.details(2).queryKey, { employerPK: 2 } as never);
    client.setQueryData(lookupQueries.dropdowns().queryKey, {} as never);
    client.setQueryData(accountQueries.access(2).queryKey, {} as never);
    client.setQueryData(subscriberQueries.details(7).queryKey, {} as never);
    client.setQueryData(requestQueries.details(5).queryKey, {} as never);

    removeGroupScopedQueries(client);

    const roots = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey[0]);
    expect(roots.sort()).toEqual(['account', 'employers', 'lookups']);
  });
});
