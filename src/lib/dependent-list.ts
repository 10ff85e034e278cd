import type { z } from 'zod';
import type { dependentListQuery } from '../contracts/dependents';
import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from './endpoint-query';

/** DependentList answers 404 when a subscriber has no dependents: that is an empty list (spec 1 §7). */
export function dependentListQueryOptions(query: z.input<typeof dependentListQuery>) {
  return endpointQueryOptions('dependents', 'list', endpoints.dependentList, { query }, { notFound: [] });
}
