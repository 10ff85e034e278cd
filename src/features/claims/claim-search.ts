import { z } from 'zod';
import {
  CLAIM_PAGE_SIZE,
  CLAIM_SORT_FIELDS,
  type Claim,
  type claimPdfQuery,
  type claimSearchBody,
} from '../../contracts/claims';
import { isoDate, SORT_DIRECTIONS, sortColumn } from '../../contracts/common';
import { directionAfterClick } from '../../lib/sort-direction';

export type ClaimSortField = (typeof CLAIM_SORT_FIELDS)[number];
type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The server's own order when none is named: newest service first. */
export const DEFAULT_CLAIM_SORT = 'serviceDate DESC';

/** The claim search body's name limit. */
export const CLAIM_NAME_LIMIT = 25;

// The router parses search values as JSON, so a name like `?lastName=123` arrives as a number.
const text = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z.string().trim().max(CLAIM_NAME_LIMIT),
);

/**
 * Search params of the claim search: filters, sort ('<field> <ASC|DESC>') and the one-based page.
 * All optional, defaults are never written back, and a malformed value reads as absent.
 */
export const claimSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  sort: sortColumn(CLAIM_SORT_FIELDS).optional().catch(undefined),
  firstName: text.optional().catch(undefined),
  lastName: text.optional().catch(undefined),
  startDate: isoDate.optional().catch(undefined),
  endDate: isoDate.optional().catch(undefined),
});
export type ClaimSearch = z.output<typeof claimSearchSchema>;
type ClaimSearchInput = z.input<typeof claimSearchSchema>;

export function claimPageOf(search: ClaimSearch): number {
  return search.page ?? 1;
}

export function parseClaimSort(sort: string | undefined): { field: ClaimSortField; direction: SortDirection } {
  const [field, direction] = (sort ?? DEFAULT_CLAIM_SORT).split(' ') as [ClaimSortField, SortDirection];
  return { field, direction };
}

/** A click on a header (see directionAfterClick); back to page 1. */
export function nextClaimSort(search: ClaimSearch, field: ClaimSortField): Pick<ClaimSearch, 'sort' | 'page'> {
  return { sort: `${field} ${directionAfterClick(parseClaimSort(search.sort), field)}`, page: 1 };
}

const blankToUndefined = (value: string | undefined) => (value ? value : undefined);

/** Leaves defaults out of the URL, so two ways to the same view give the same link. */
export function compactClaimSearch(search: ClaimSearch): ClaimSearchInput {
  return {
    page: claimPageOf(search) > 1 ? search.page : undefined,
    sort: search.sort === DEFAULT_CLAIM_SORT ? undefined : search.sort,
    firstName: blankToUndefined(search.firstName),
    lastName: blankToUndefined(search.lastName),
    startDate: blankToUndefined(search.startDate),
    endDate: blankToUndefined(search.endDate),
  };
}

/** The URL state as the `ClaimDetails` filter body of spec 2 §7: 10 a page, zero-based page. */
export function toClaimSearchBody(search: ClaimSearch): z.input<typeof claimSearchBody> {
  const { field, direction } = parseClaimSort(search.sort);
  return {
    startDate: blankToUndefined(search.startDate),
    endDate: blankToUndefined(search.endDate),
    firstName: blankToUndefined(search.firstName),
    lastName: blankToUndefined(search.lastName),
    recordsPerPage: CLAIM_PAGE_SIZE,
    page: claimPageOf(search) - 1,
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
