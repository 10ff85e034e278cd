import { QueryClient } from '@tanstack/react-query';
import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessReportQueries } from '../api/access-report-queries';
import { documentQueries } from '../api/document-queries';
import { subscriberQueries } from '../api/subscriber-queries';
import type { SubscriberListQuery } from '../contracts/subscribers';
import { userManager } from './auth';

const fetchMock = vi.fn<typeof fetch>();
let client: QueryClient;

let sent: Record<string, unknown>[] = [];

/** Answers every list call with an empty page and the given total, keeping the bodies sent. */
function answerWithTotal(total: number, field: 'recordCount' | 'totalCount' = 'recordCount') {
  fetchMock.mockImplementation(async (request) => {
    sent.push((await (request as Request).json()) as Record<string, unknown>);
    const body =
      field === 'recordCount' ? { list: [], recordCount: total } : { result: [], totalCount: total, pageSize: 10 };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}

const members = (patch: Partial<SubscriberListQuery> = {}): SubscriberListQuery => ({
  employerPK: 6,
  recordsPerPage: 20,
  page: 0,
  sortColumn: 'lastName ASC',
  includeTermedMembers: false,
  ...patch,
});

beforeEach(() => {
  globalThis.fetch = fetchMock;
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  sent = [];
});

afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
  client.clear();
});

describe('pagedListQueryOptions', () => {
  it('counts once per filter: other pages and sorts of it send the total they already hold', async () => {
    answerWithTotal(95_022);
    const first = await client.fetchQuery(subscriberQueries.list(members()));
    expect(first.recordCount).toBe(95_022);
    await client.fetchQuery(subscriberQueries.list(members({ page: 499 })));
    await client.fetchQuery(subscriberQueries.list(members({ page: 3, sortColumn: 'dateOfBirth DESC' })));

    const [firstBody, page500, sorted] = sent;
    expect(firstBody).not.toHaveProperty('knownCount');
    expect(page500).toMatchObject({ page: 499, knownCount: 95_022 });
    expect(sorted).toMatchObject({ page: 3, knownCount: 95_022 });
  });

  it('counts again for another filter, and after a change of the resource', async () => {
    answerWithTotal(592);
    await client.fetchQuery(subscriberQueries.list(members({ lastName: 'mill' })));
    await client.fetchQuery(subscriberQueries.list(members({ lastName: 'mill', includeTermedMembers: true })));
    await client.fetchQuery(subscriberQueries.list(members({ lastName: 'mill', page: 1 })));

    await client.invalidateQueries({ queryKey: subscriberQueries.all() });
    answerWithTotal(593);
    const afterChange = await client.fetchQuery(subscriberQueries.list(members({ lastName: 'mill', page: 2 })));
    await client.fetchQuery(subscriberQueries.list(members({ lastName: 'mill', page: 3 })));

    expect(sent.map((body) => body.knownCount)).toEqual([undefined, undefined, 592, undefined, 593]);
    expect(afterChange.recordCount).toBe(593);
  });

  it('keeps the total of a document list under its own paging fields', async () => {
    answerWithTotal(37, 'totalCount');
    const body = (currentPage: number) => ({ currentPage, pageSize: 10, filterOptions: { employerPK: 2 } });
    await client.fetchQuery(documentQueries.list('invoice', body(0)));
    await client.fetchQuery(documentQueries.list('invoice', body(3)));
    await client.fetchQuery(documentQueries.list('funding', body(1)));

    expect(sent.map((body) => body.knownCount)).toEqual([undefined, 37, undefined]);
  });

  it('keeps the total of a list paged in its query string (the Access Report)', async () => {
    const queries: URLSearchParams[] = [];
    fetchMock.mockImplementation(async (request) => {
      queries.push(new URL((request as Request).url).searchParams);
      return new Response(JSON.stringify({ list: [], recordCount: 480 }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const report = (patch: Record<string, unknown>) => ({ employerPK: 2, user: 'hr@', ...patch });
    await client.fetchQuery(accessReportQueries.list(report({ page: 0 })));
    await client.fetchQuery(accessReportQueries.list(report({ page: 7, sort: 'status', order: 'ASC' })));
    await client.fetchQuery(accessReportQueries.list(report({ page: 1, user: 'broker@' })));

    expect(queries.map((q) => q.get('knownCount'))).toEqual([null, '480', null]);
    expect(queries[1]!.get('page')).toBe('7');
  });
});
