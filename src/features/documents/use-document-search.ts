import { useListSearch } from '../../lib/list-search';
import { documentSearch } from './document-search';

/** The list's filters and page from the URL of whichever document route shows it, and a setter. */
export function useDocumentSearch() {
  return useListSearch(documentSearch);
}
