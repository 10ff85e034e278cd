import type { z } from 'zod';
import {
  CLAIM_PAGE_SIZE,
  CLAIM_SORT_FIELDS,
  type Claim,
  type claimPdfQuery,
  type claimSearchBody,
} from '../../contracts/claims';
import {
  countParam,
  dateParam,
  pickFilters,
  listSearch,
  pageRequest,
  sortOrder,
  textParam,
} from '../../lib/list-search';

export type ClaimSortField = (typeof CLAIM_SORT_FIELDS)[number];

/** The claim search body's name limit. */
export const CLAIM_NAME_LIMIT = 25;

/** Without a sort in the URL the server's own order applies: newest service first. */
export const claimSort = sortOrder(CLAIM_SORT_FIELDS, 'serviceDate DESC');

/** Search params of the claim search: filters, sort and the one-based page. */
export const claimSearch = listSearch(
  {
    page: countParam(),
    sort: claimSort.param,
    firstName: textParam(CLAIM_NAME_LIMIT),
    lastName: textParam(CLAIM_NAME_LIMIT),
    startDate: dateParam(),
    endDate: dateParam(),
  },
  { sort: claimSort.defaultSort },
);
export type ClaimSearch = z.output<typeof claimSearch.schema>;

/** The URL state as the `ClaimDetails` filter body of spec 2 §7: 10 a page, zero-based page. */
export function toClaimSearchBody(search: ClaimSearch): z.input<typeof claimSearchBody> {
  const { field, direction } = claimSort.parse(search.sort);
  return {
    ...pickFilters(search, ['startDate', 'endDate', 'firstName', 'lastName']),
    ...pageRequest(search, CLAIM_PAGE_SIZE),
    sortColumn: field,
    sortOrder: direction,
  };
}

/**
 * The EOB call of a claim: claimPK is the claim's ID, dependentPK its patient when the patient is a
 * dependent; a subscriber's own claim has no patientPK and sends no dependentPK at all.
 */
export function eobQuery(claim: Pick<Claim, 'claimID' | 'subscriberPK' | 'patientPK'>): z.input<typeof claimPdfQuery> {
  return {
    claimPK: claim.claimID,
    subscriberPK: claim.subscriberPK,
    ...(claim.patientPK !== null && { dependentPK: claim.patientPK }),
  };
}
