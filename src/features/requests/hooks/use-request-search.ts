import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { compactSearch, type RequestSearch } from '../lib/request-search';

/**
 * The manager's filters, sort and page from the URL (validated by the route), and a setter that
 * writes a change back as a new history entry, so Back returns to the previous view.
 */
export function useRequestSearch() {
  const search = useSearch({ from: '/_authenticated/enrollment-manager' });
  const navigate = useNavigate({ from: '/enrollment-manager' });

  const setSearch = useCallback(
    (patch: Partial<RequestSearch>) => navigate({ search: compactSearch({ ...search, ...patch }) }),
    [navigate, search],
  );

  return [search, setSearch] as const;
}
