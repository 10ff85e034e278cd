import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { afterNextPaint } from '../../lib/after-next-paint';
import { compactSearch, memberSearchSchema, type MemberSearch } from './member-search';

/**
 * The chooser's filters, sort and page, read from the URL of whichever route shows it (each such
 * route declares `validateSearch: memberSearchSchema`), and a setter that writes them back as a new
 * history entry so Back returns to the previous view.
 */
export function useMemberSearch() {
  const raw = useSearch({ strict: false });
  const search = useMemo(() => memberSearchSchema.parse(raw), [raw]);
  const navigate = useNavigate();

  // The navigation re-renders the list: it starts after the frame that shows the click.
  const setSearch = useCallback(
    (patch: Partial<MemberSearch>) =>
      afterNextPaint(
        () =>
          void navigate({
            to: '.',
            search: (prev: Record<string, unknown>) => ({ ...prev, ...compactSearch({ ...search, ...patch }) }),
          }),
      ),
    [navigate, search],
  );

  return [search, setSearch] as const;
}
