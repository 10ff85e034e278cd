import type { z } from 'zod';
import type { dependentListQuery } from '../contracts/dependents';
import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';

const ROOT = 'dependents';

/** Keys are ['dependents', verb, input]. */
export const dependentQueries = {
  all: () => [ROOT] as const,
  /** DependentList answers 404 when a subscriber has no dependents: that is an empty list (spec 1 §7). */
  list: (query: z.input<typeof dependentListQuery>) =>
    endpointQueryOptions(ROOT, 'list', endpoints.dependentList, { query }, { notFound: [] }),
};
