import { useQueries } from '@tanstack/react-query';
import { employerQueries } from '../../../api/employer-queries';
import type { EmployerDetails } from '../../../contracts/employers';
import { useSession } from '../../../hooks/use-session';

/** Details of every group the user belongs to, in claim order; groups still loading are left out. */
export function useUserGroups(): EmployerDetails[] {
  const groupPKs = useSession()?.groupPKs ?? [];
  return useQueries({
    queries: groupPKs.map((pk) => employerQueries.details(pk)),
    combine: (results) => results.flatMap((r) => (r.data ? [r.data] : [])),
  });
}
