import type { z } from 'zod';
import type { carrierFileListBody, carrierFileViewQuery } from '../contracts/carrier-files';
import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';
import { pagedListQueryOptions } from '../lib/paged-list-query';

const ROOT = 'carrierFiles';

/** Carrier feed files; keys are ['carrierFiles', verb, input]. */
export const carrierFileQueries = {
  all: () => [ROOT] as const,
  list: (body: z.input<typeof carrierFileListBody>) =>
    // The screen shows list failures itself, with a Retry.
    pagedListQueryOptions(
      ROOT,
      'carrierFileList',
      endpoints.carrierFileList,
      { body },
      { pageFields: ['currentPage', 'pageSize'], totalOf: (answer) => answer.totalCount },
      { notify: false },
    ),
  view: (query: z.input<typeof carrierFileViewQuery>) =>
    endpointQueryOptions(ROOT, 'carrierFileView', endpoints.carrierFileView, { query }, { notify: false }),
};
