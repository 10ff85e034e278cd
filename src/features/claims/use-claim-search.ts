import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { claimSearchSchema, compactClaimSearch, type ClaimSearch } from './claim-search';

/** The claim search's filters, sort and page from the URL, and a setter adding a history entry. */
export function useClaimSearch() {
  const raw = useSearch({ strict: false });
  const search = useMemo(() => claimSearchSchema.parse(raw), [raw]);
  const navigate = useNavigate();

  const setSearch = useCallback(
    (patch: Partial<ClaimSearch>) =>
      navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => ({ ...prev, ...compactClaimSearch({ ...search, ...patch }) }),
      }),
    [navigate, search],
  );

  return [search, setSearch] as const;
}
