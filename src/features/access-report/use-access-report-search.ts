import { useListSearch } from '../../lib/list-search';
import { accessReportSearch } from './access-report-search';

/** The report's filters, sort and page from the URL, and a setter that adds a history entry. */
export function useAccessReportSearch() {
  return useListSearch(accessReportSearch);
}
