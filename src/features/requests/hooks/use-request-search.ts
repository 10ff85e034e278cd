import { useListSearch } from '../../../lib/list-search';
import { requestSearch } from '../lib/request-search';

/** The manager's filters, sort and page from the URL, and a setter adding a history entry. */
export function useRequestSearch() {
  return useListSearch(requestSearch);
}
