import { useCallback } from 'react';
import { afterNextPaint } from '../../lib/after-next-paint';
import { useListSearch } from '../../lib/list-search';
import { memberSearch, type MemberSearch } from './member-search';

/**
 * The chooser's filters, sort and page, read from the URL of whichever route shows it (each such
 * route declares `validateSearch: memberSearchSchema`), and a setter adding a history entry.
 */
export function useMemberSearch() {
  const [search, navigate] = useListSearch(memberSearch, { keepOtherParams: true });
  // The navigation re-renders the list: it starts after the frame that shows the click.
  const setSearch = useCallback(
    (patch: Partial<MemberSearch>) => afterNextPaint(() => void navigate(patch)),
    [navigate],
  );
  return [search, setSearch] as const;
}
