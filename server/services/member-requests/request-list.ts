// The Enrollment Submissions Manager's table (spec 1 §2, §7 `Request/List`): a group's requests,
// filtered, sorted and paged on the server.
import { and, asc, desc, eq, gte, ilike, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import {
  requestStatusesOf,
  type RequestStatus,
  type requestList as requestListSchema,
  type requestListQuery,
} from '../../../src/contracts/requests';
import type { Db } from '../../db/client';
import { requests } from '../../db/schema';
import { parseIsoDate, startOfDayAfter } from '../../lib/calendar';
import { listTotal } from '../../lib/list-total';
import { contains } from '../../lib/like-pattern';

type ListQuery = z.output<typeof requestListQuery>;
type ListAnswer = z.output<typeof requestListSchema>;

const SORTS = {
  dateRequested: requests.createdAt,
  subscriberLastName: requests.subscriberLastName,
  subscriberFirstName: requests.subscriberFirstName,
  status: requests.status,
  type: requests.type,
} as const;

const DEFAULT_SORT = 'dateRequested DESC';

/** Both status filters apply when both are given; the contract has already refused unknown names. */
function statusFilters(q: Pick<ListQuery, 'RequestStatus' | 'RequestStatusList'>) {
  const lists: RequestStatus[][] = [];
  if (q.RequestStatus) lists.push([q.RequestStatus]);
  const listed = q.RequestStatusList ? requestStatusesOf(q.RequestStatusList) : null;
  if (listed?.length) lists.push(listed);
  return lists.map((list) => inArray(requests.status, list));
}

/** Before the day after `day` (none for no day, or for the last calendar day). */
const endBefore = (column: typeof requests.createdAt, day: string | undefined) => {
  const end = day ? startOfDayAfter(day) : null;
  return end ? lt(column, end) : undefined;
};

/**
 * dateFrom and dateTo are calendar days, both included, in the server's zone (the zone "today" is
 * counted in everywhere else): from the start of dateFrom to the start of the day after dateTo.
 */
function dateFilter(q: Pick<ListQuery, 'dateFrom' | 'dateTo'>) {
  return [
    q.dateFrom ? gte(requests.createdAt, parseIsoDate(q.dateFrom)) : undefined,
    endBefore(requests.createdAt, q.dateTo),
  ];
}

/** The request list's filter: names contain the typed text; statuses and days as above. */
export function requestFilter(
  employerPK: number,
  q: Pick<ListQuery, 'firstName' | 'lastName' | 'RequestStatus' | 'RequestStatusList' | 'dateFrom' | 'dateTo'>,
) {
  return and(
    eq(requests.employerPK, employerPK),
    q.firstName?.trim() ? ilike(requests.subscriberFirstName, contains(q.firstName.trim())) : undefined,
    q.lastName?.trim() ? ilike(requests.subscriberLastName, contains(q.lastName.trim())) : undefined,
    ...statusFilters(q),
    ...dateFilter(q),
  );
}

export async function requestList(db: Db, employerPK: number, q: ListQuery): Promise<ListAnswer> {
  const where = requestFilter(employerPK, q);
  const [field, direction] = (q.sortColumn ?? DEFAULT_SORT).split(' ') as [keyof typeof SORTS, 'ASC' | 'DESC'];
  const by = direction === 'DESC' ? desc : asc;

  const [rows, recordCount] = await Promise.all([
    db
      .select({
        pk: requests.requestPK,
        type: requests.type,
        subscriberFirstName: requests.subscriberFirstName,
        subscriberLastName: requests.subscriberLastName,
        createdAt: requests.createdAt,
        status: requests.status,
      })
      .from(requests)
      .where(where)
      // The pk breaks ties in the same direction, so pages never overlap.
      .orderBy(by(SORTS[field]), by(requests.requestPK))
      .limit(q.recordsPerPage)
      .offset(q.page * q.recordsPerPage),
    listTotal(db, q.knownCount, requests, where),
  ]);
  return {
    list: rows.map(({ createdAt, ...row }) => ({ ...row, dateRequested: createdAt.toISOString() })),
    recordCount,
  };
}
