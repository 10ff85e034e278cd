import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { accessReportSearchSchema, compactAccessReportSearch, type AccessReportSearch } from './access-report-search';

/** The report's filters, sort and page from the URL, and a setter that adds a history entry. */
export function useAccessReportSearch() {
  const raw = useSearch({ strict: false });
  const search = useMemo(() => accessReportSearchSchema.parse(raw), [raw]);
  const navigate = useNavigate();
  const setSearch = useCallback(
    (next: AccessReportSearch) => navigate({ to: '.', search: compactAccessReportSearch(next) }),
    [navigate],
  );
  return [search, setSearch] as const;
}
