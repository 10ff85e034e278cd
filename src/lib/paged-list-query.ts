import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Endpoint, EndpointBody, EndpointInput, EndpointResponse } from '../contracts/endpoint';
import { callEndpoint, type CallOptions } from './api-client';

/** A list call whose filters and paging travel in the body, or in the query string. */
type PagedInput = { query?: Record<string, unknown>; body?: Record<string, unknown> };

type PagingFields<E extends Endpoint> =
  | {
      /** Body fields that only page or order the list: the total of a filter does not depend on them. */
      pageFields: readonly (keyof EndpointBody<E> & string)[];
      in?: 'body';
    }
  | {
      /** Query fields that only page or order the list. */
      pageFields: readonly (keyof NonNullable<EndpointInput<E>['query']> & string)[];
      in: 'query';
    };

export type Paging<E extends Endpoint> = PagingFields<E> & {
  /** Where the answer carries the total. */
  totalOf: (answer: EndpointResponse<E>) => number;
};

/** The key under which the total of the input's filter is kept: the list's key without its paging. */
function totalKey(
  resource: string,
  verb: string,
  input: PagedInput,
  part: 'query' | 'body',
  pageFields: readonly string[],
) {
  const filter = Object.fromEntries(Object.entries(input[part] ?? {}).filter(([field]) => !pageFields.includes(field)));
  return [resource, verb, { ...input, [part]: filter }, 'total'] as const;
}

function keptTotal(client: QueryClient, key: readonly unknown[]) {
  const state = client.getQueryState<number>(key);
  return state && !state.isInvalidated ? state.data : undefined;
}

/**
 * Query options of a server-paged list whose total is counted once per filter (paging in the body, or
 * in the query string with `in: 'query'`). The first page fetched
 * for a filter keeps the answer's total under a key of its own (the list's key without page, page size
 * and sort); any other page of the same filter sends it as `knownCount`, so the server does not count
 * again. The kept total sits under the resource's keys: invalidating them (a change of the resource)
 * invalidates it, and the next page fetched counts anew.
 */
export function pagedListQueryOptions<E extends Endpoint>(
  resource: string,
  verb: string,
  endpoint: E,
  input: EndpointInput<E> & PagedInput,
  paging: Paging<E>,
  callOptions: Omit<CallOptions<EndpointResponse<E>>, 'signal'> = {},
) {
  const part = paging.in ?? 'body';
  const kept = totalKey(resource, verb, input, part, paging.pageFields);
  return queryOptions({
    queryKey: [resource, verb, input] as const,
    queryFn: async ({ client, signal }) => {
      const knownCount = keptTotal(client, kept);
      const sent =
        knownCount === undefined ? input : ({ ...input, [part]: { ...input[part], knownCount } } as typeof input);
      const answer = await callEndpoint(endpoint, sent, { ...callOptions, signal });
      if (knownCount === undefined) client.setQueryData(kept, paging.totalOf(answer));
      return answer;
    },
  });
}
