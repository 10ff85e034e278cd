import type { DocumentKind } from '../../contracts/documents';
import { endpoints } from '../../contracts/endpoints';
import { downloadFile, type DownloadFileOptions } from '../../lib/download-file';

type DownloadOptions = Pick<DownloadFileOptions, 'onProgress' | 'signal'>;

/** Fetches one listed document and saves it under its own name. */
export function downloadDocument(
  kind: DocumentKind,
  employerPK: number,
  documentName: string,
  options: DownloadOptions = {},
) {
  const save = { fileName: documentName, ...options };
  switch (kind) {
    case 'funding':
      return downloadFile(endpoints.getFundingReport, { query: { employerPK, fileName: documentName } }, save);
    case 'invoice':
      return downloadFile(endpoints.getInvoice, { query: { employerPK, fileName: documentName } }, save);
    case 'monthly':
      // Monthly reports take the file as `file`, not `fileName` (spec 2 §7).
      return downloadFile(endpoints.specAggFile, { query: { employerPK, file: documentName } }, save);
  }
}
