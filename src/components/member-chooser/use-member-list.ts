import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { SubscriberList } from '../../contracts/subscribers';
import { useEmployerPK } from '../../hooks/use-session';
import { isApiError } from '../../lib/api-client';
import { asSentence } from '../../lib/sentence';
import { memberListQuery } from './member-list-query';
import type { MemberSearch } from './member-search';

const NOTHING: SubscriberList = { list: [], recordCount: 0 };

/**
 * The member list the URL names, read so that a failure keeps the screen: the last rows stay, the
 * failure is told in the table area with Retry, a 404 reads as no members (spec 2 §8: silent) and
 * a 400's field errors go to the search form.
 */
export function useMemberList(search: MemberSearch, termedAllowed: boolean) {
  const employerPK = useEmployerPK();
  const query = useQuery(memberListQuery(search, employerPK, { termedAllowed }));
  const last = useRef<SubscriberList | undefined>(undefined);
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
    data: quiet ? NOTHING : (query.data ?? last.current),
    failure,
    fieldErrors,
    retrying: query.isFetching,
    retry: () => void query.refetch(),
  };
}
