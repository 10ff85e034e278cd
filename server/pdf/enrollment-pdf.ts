// `Report/ViewEnrollmentPDF` (spec 1 §2, §7): a request as a PDF, the same document the view-request
// modal shows (request-document.ts), so it carries SSNs as their masked last 4 only.
import type { FileAnswer } from '../routes/handler-types';
import type { Db } from '../db/client';
import { loadRequestDocument, type RequestDocument } from '../services/request-document';
import { drawFields, drawHeading, drawTable, renderGroupDocument } from './pdf-document';

export function enrollmentPdfFileName(requestPK: number) {
  return `Enrollment Request ${requestPK}.pdf`;
}

export function renderEnrollmentPdf(request: RequestDocument): Promise<Buffer> {
  return renderGroupDocument(
    {
      groupName: request.groupName,
      groupID: request.groupID,
      title: request.title,
      subtitle: `Status: ${request.status}`,
    },
    (doc) => {
      for (const block of request.blocks) {
        drawHeading(doc, block.title);
        if (block.kind === 'fields') drawFields(doc, block.fields);
        else drawTable(doc, block.columns, block.rows);
      }
    },
  );
}

/** The PDF answer; opened in a new window, hence inline. */
export async function enrollmentPdf(db: Db, requestPK: number): Promise<FileAnswer> {
  const request = await loadRequestDocument(db, requestPK);
  return {
    fileName: enrollmentPdfFileName(requestPK),
    contentType: 'application/pdf',
    disposition: 'inline',
    data: await renderEnrollmentPdf(request),
  };
}
