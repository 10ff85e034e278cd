import { z } from 'zod';
import { LIMITS } from '../../contracts/person-rules';
import { SUBSCRIBER_PAGE_SIZE, SUBSCRIBER_SORT_FIELDS, type SubscriberListQuery } from '../../contracts/subscribers';
import { countParam, pickFilters, listSearch, optionalParam, sortOrder, textParam } from '../../lib/list-search';

export type MemberSortField = (typeof SUBSCRIBER_SORT_FIELDS)[number];

/** The SSN search takes the last four digits, all of them. */
export const SSN_SEARCH_PATTERN = /^\d{4}$/;
export const SSN_SEARCH_MESSAGE = 'Enter the last 4 digits of the SSN.';

/** Without a sort in the URL the server's own order applies (spec 2 §3: the list comes by last name). */
export const memberSort = sortOrder(SUBSCRIBER_SORT_FIELDS, 'lastName ASC');

const members = listSearch(
  {
    page: countParam(),
    sort: memberSort.param,
    firstName: textParam(LIMITS.name),
    lastName: textParam(LIMITS.name),
    // Written as a number (`ssn=3771`, not `ssn=%223771%22`), so read back with its leading zeros.
    ssn: optionalParam(
      z.preprocess(
        (value) => (typeof value === 'number' ? String(value).padStart(LIMITS.ssnFilter, '0') : value),
        z.string().trim().regex(SSN_SEARCH_PATTERN),
      ),
    ),
    termed: optionalParam(z.boolean()),
  },
  { sort: memberSort.defaultSort },
);

/** Search params of every screen that shows the member chooser: filters, sort and the one-based page. */
export const memberSearchSchema = members.schema;
export type MemberSearch = z.output<typeof memberSearchSchema>;

/** The search as written to the URL; the SSN as a number, so the URL says ssn=3771. */
export const memberSearch = {
  schema: memberSearchSchema,
  compact: (search: MemberSearch) => {
    const compact = members.compact(search);
    return { ...compact, ssn: compact.ssn ? Number(compact.ssn) : undefined };
  },
};

/** The chooser's URL state as the `SubscriberList` body: zero-based page on the wire. */
export function toSubscriberListQuery(
  search: MemberSearch,
  employerPK: number,
  opts: { termedAllowed?: boolean } = {},
): SubscriberListQuery {
  return {
    employerPK,
    ...memberSort.pageRequest(search, SUBSCRIBER_PAGE_SIZE),
    ...pickFilters(search, ['firstName', 'lastName', 'ssn']),
    includeTermedMembers: opts.termedAllowed === false ? false : Boolean(search.termed),
  };
}
