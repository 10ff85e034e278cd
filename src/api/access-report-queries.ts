import { ACCESS_REPORT_CAP, type AccessReportQuery } from '../contracts/access-report';
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
      {
        in: 'query',
        pageFields: ['page', 'recordsPerPage', 'sort', 'order'],
        // A capped total is kept as one more than the cap, which later pages send back as such.
        totalOf: (answer) => (answer.countCapped ? ACCESS_REPORT_CAP + 1 : answer.recordCount),
      },
      { notify: false },
    ),
};
