import { endpoints } from '../../../contracts/endpoints';
import { endpointQueryOptions } from '../../../lib/endpoint-query';
import { censusBody, type CensusSearch } from '../census-search';

/** Census reads; keys are ['census', verb, { body }]. The CSV itself is a download, not a query. */
export const censusQueries = {
  all: () => ['census'] as const,
  summary: (search: CensusSearch, employerPK: number) =>
    // The screen shows a failure in place, with a Retry.
    endpointQueryOptions(
      'census',
      'summary',
      endpoints.censusSummary,
      { body: censusBody(search, employerPK) },
      { notify: false },
    ),
};
