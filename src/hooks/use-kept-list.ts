import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useRef } from 'react';
import { isApiError } from '../lib/api-client';
import { asSentence } from '../lib/sentence';

type PagedList = { list: readonly unknown[]; recordCount: number };

/**
 * A paged list read so that a failure keeps the screen: the last rows stay, the failure comes back
 * as a sentence for the table area (with `retry`), a 404 reads as an empty list (spec 2 §8: silent)
 * and a 400's field errors come back for the filter form.
 */
export function useKeptList<T extends PagedList, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>) {
  const query = useQuery(options);
  const last = useRef<T | undefined>(undefined);
  if (query.data) last.current = query.data;

  const error = query.isError && isApiError(query.error) ? query.error : null;
  const quiet = error !== null && (error.status === 404 || error.problem.status === 404);
  const fieldErrors = error?.status === 400 ? error.problem.errors : undefined;
  const failure =
    query.isError && !quiet && !fieldErrors
      ? error
        ? asSentence(error.message)
        : 'The server could not be reached. Please try again.'
      : null;
  return {
    data: quiet ? ({ list: [], recordCount: 0 } as unknown as T) : (query.data ?? last.current),
    failure,
    fieldErrors,
    retrying: query.isFetching,
    retry: () => void query.refetch(),
  };
}
