import { useListSearch } from '../../lib/list-search';
import { claimSearch } from './claim-search';

/** The claim search's filters, sort and page from the URL, and a setter adding a history entry. */
export function useClaimSearch() {
  return useListSearch(claimSearch, { keepOtherParams: true });
}
