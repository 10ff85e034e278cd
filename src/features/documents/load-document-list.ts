import { documentQueries } from '../../api/document-queries';
import type { DocumentKind } from '../../contracts/documents';
import type { GroupLoaderContext } from '../../lib/router-context';
import { toDocumentListBody, type DocumentSearch } from './document-search';

export function documentListQuery(kind: DocumentKind, search: DocumentSearch, employerPK: number) {
  return documentQueries.list(kind, toDocumentListBody(search, employerPK));
}

/**
 * For the loader of a document route: fetches the page the URL names with the same options the
 * screen reads with useSuspenseQuery.
 */
export async function loadDocumentList(
  { queryClient, employerPK }: GroupLoaderContext,
  kind: DocumentKind,
  search: DocumentSearch,
): Promise<void> {
  // A failure stays in the query cache and the screen shows it beside the filters with a Retry;
  // rethrowing here would replace the whole screen with the route's error page.
  await queryClient.ensureQueryData(documentListQuery(kind, search, employerPK)).catch(() => undefined);
}
