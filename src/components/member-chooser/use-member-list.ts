import { useEmployerPK } from '../../hooks/use-session';
import { useKeptList } from '../../hooks/use-kept-list';
import { memberListQuery } from './member-list-query';
import type { MemberSearch } from './member-search';

/** The member list the URL names; a failure keeps the screen (see useKeptList). */
export function useMemberList(search: MemberSearch, termedAllowed: boolean) {
  const employerPK = useEmployerPK();
  return useKeptList(memberListQuery(search, employerPK, { termedAllowed }));
}
