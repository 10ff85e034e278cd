import { importQueries } from '../../api/import-queries';
import type { GroupLoaderContext } from '../../lib/router-context';
import { toRowsQuery, type UploadSearch } from './upload-search';

/** The rows' query options: the route's loader and the preview read the same ones. */
export function importRowsQuery(search: UploadSearch, employerPK: number, importPK: number) {
  return importQueries.rows(toRowsQuery(search, employerPK, importPK));
}

/**
 * For the route's loader: the upload the URL names and the page of its preview, or the recent
 * uploads when it names none. Failures are shown by the screen in place, with a Retry.
 */
export async function loadUpload({ queryClient, employerPK }: GroupLoaderContext, search: UploadSearch) {
  const { importPK } = search;
  if (importPK === undefined) {
    await queryClient.ensureQueryData(importQueries.list(employerPK)).catch(() => undefined);
    return;
  }
  await Promise.all([
    queryClient.ensureQueryData(importQueries.view(employerPK, importPK)).catch(() => undefined),
    queryClient.ensureQueryData(importRowsQuery(search, employerPK, importPK)).catch(() => undefined),
  ]);
}
