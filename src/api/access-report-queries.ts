import type { AccessReportQuery } from '../contracts/access-report';
import { endpoints } from '../contracts/endpoints';
import { pagedListQueryOptions } from '../lib/paged-list-query';

const ROOT = 'accessReport';

/** Access Report reads; keys are ['accessReport', verb, { query }]. The CSV is a download, not a query. */
export const accessReportQueries = {
  all: () => [ROOT] as const,
  // The screen shows a failure in place, with a Retry.
  list: (query: AccessReportQuery) =>
    pagedListQueryOptions(
      ROOT,
      'list',
      endpoints.accessReport,
      { query },
      { in: 'query', pageFields: ['page', 'recordsPerPage', 'sort', 'order'], totalOf: (answer) => answer.recordCount },
      { notify: false },
    ),
};
