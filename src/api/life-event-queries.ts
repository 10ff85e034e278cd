import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';

const ROOT = 'life-events';

/** Keys are ['life-events', verb, input]: what the member may report, and what they reported. */
export const lifeEventQueries = {
  all: () => [ROOT] as const,
  options: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'options', endpoints.lifeEventOptions, { query: { employerPK } }, { notify: false }),
};
