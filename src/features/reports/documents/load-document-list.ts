import type { QueryClient } from '@tanstack/react-query';
import type { DocumentKind } from '../../../contracts/documents';
import { DEFAULT_EMPLOYER_PK } from '../../../contracts/employers';
import type { Session } from '../../../lib/session';
import { selectCurrentEmployerPK, useAppStore } from '../../../stores/app-store';
import { documentQueries } from './api/document-queries';
import { toDocumentListBody, type DocumentSearch } from './document-search';

export function documentListQuery(kind: DocumentKind, search: DocumentSearch, employerPK: number) {
  return documentQueries.list(kind, toDocumentListBody(search, employerPK));
}

/**
 * For the loader of a document route: fetches the page the URL names with the same options the
 * screen reads with useSuspenseQuery.
 */
export async function loadDocumentList(
  context: { queryClient: QueryClient; session: Session },
  kind: DocumentKind,
  search: DocumentSearch,
): Promise<void> {
  const employerPK = selectCurrentEmployerPK(useAppStore.getState(), context.session.groupRoles) ?? DEFAULT_EMPLOYER_PK;
  // A failure stays in the query cache and the screen shows it beside the filters with a Retry;
  // rethrowing here would replace the whole screen with the route's error page.
  await context.queryClient.ensureQueryData(documentListQuery(kind, search, employerPK)).catch(() => undefined);
}
