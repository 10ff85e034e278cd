// `Report/ViewEnrollmentPDF` (spec 1 §2, §7): a request as a PDF, the same document the view-request
// modal shows (services/member-requests/request-document.ts builds it), so it carries SSNs as their masked last 4 only.
import { drawFields, drawHeading, drawTable, renderGroupDocument } from './pdf-document';

/** The parts of a request document the PDF draws; the service that loads the request passes it in. */
type EnrollmentPdfInput = {
  groupName: string;
  groupID: string;
  title: string;
  status: string;
  blocks: readonly (
    | { kind: 'fields'; title: string; fields: readonly (readonly [string, string])[] }
    | { kind: 'table'; title: string; columns: readonly string[]; rows: readonly (readonly string[])[] }
  )[];
};

export function enrollmentPdfFileName(requestPK: number) {
  return `Enrollment Request ${requestPK}.pdf`;
}

export function renderEnrollmentPdf(request: EnrollmentPdfInput): Promise<Buffer> {
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
