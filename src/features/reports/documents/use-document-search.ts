import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { compactDocumentSearch, documentSearchSchema, type DocumentSearch } from './document-search';

/**
 * The list's filters and page, read from the URL of whichever document route shows it (each
 * declares `validateSearch: documentSearchSchema`), and a setter that writes a new history entry so
 * Back returns to the previous view.
 */
export function useDocumentSearch() {
  const raw = useSearch({ strict: false });
  const search = useMemo(() => documentSearchSchema.parse(raw), [raw]);
  const navigate = useNavigate();

  const setSearch = useCallback(
    (next: DocumentSearch) => navigate({ to: '.', search: compactDocumentSearch(next) }),
    [navigate],
  );

  return [search, setSearch] as const;
}
