import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';

const ROOT = 'my-benefits';

/** Keys are ['my-benefits', verb, input]: the signed-in member's own record. */
export const myBenefitsQueries = {
  all: () => [ROOT] as const,
  coverage: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'coverage', endpoints.myBenefits, { query: { employerPK } }, { notify: false }),
  /** A page of the member's claims; pages after the first send back the total the first one told. */
  claims: (employerPK: number, page: number, knownCount?: number) =>
    endpointQueryOptions(
      ROOT,
      'claims',
      endpoints.myClaims,
      { query: { employerPK, page, ...(knownCount === undefined ? {} : { knownCount }) } },
      { notify: false },
    ),
  documents: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'documents', endpoints.myDocuments, { query: { employerPK } }, { notify: false }),
};
