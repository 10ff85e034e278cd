import type { z } from 'zod';
import type { claimSearchBody } from '../contracts/claims';
import { endpoints } from '../contracts/endpoints';
import { pagedListQueryOptions } from '../lib/paged-list-query';

const ROOT = 'claims';

/** Keys are ['claims', verb, input]. */
export const claimQueries = {
  all: () => [ROOT] as const,
  lists: () => [ROOT, 'list'] as const,
  list: (employerPK: number, body: z.input<typeof claimSearchBody>) =>
    pagedListQueryOptions(
      ROOT,
      'list',
      endpoints.claimSearch,
      { query: { employerPK }, body },
      {
        pageFields: ['page', 'recordsPerPage', 'sortColumn', 'sortOrder'],
        totalOf: (answer) => answer.recordCount,
      },
    ),
};
