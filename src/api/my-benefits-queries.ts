import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';

const ROOT = 'my-benefits';

/** Keys are ['my-benefits', verb, input]: the signed-in member's own record. */
export const myBenefitsQueries = {
  all: () => [ROOT] as const,
  coverage: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'coverage', endpoints.myBenefits, { query: { employerPK } }, { notify: false }),
};
