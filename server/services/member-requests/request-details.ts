// `Request/RequestDetails` (spec 1 §7): the request rendered as an HTML fragment for the view-request
// modal, plus its status timeline; `Report/ViewEnrollmentPDF` renders the same document as a PDF. Every text in the fragment is escaped, payload or not; the markup
// is fixed (no scripts, no inline styles or event attributes), so the SPA may insert it as is.
import type { z } from 'zod';
import type { requestDetails as requestDetailsSchema } from '../../../src/contracts/requests';
import type { Db } from '../../db/client';
import { pdfFile, type FileAnswer } from '../../lib/file-answer';
import { escapeHtml } from '../../lib/html';
import { enrollmentPdfFileName, renderEnrollmentPdf } from '../../pdf/enrollment-pdf';
import { loadRequestDocument, type DocumentBlock, type RequestDocument } from './request-document';

type Details = z.output<typeof requestDetailsSchema>;

/** Escaped text; line breaks of multi-line values (addresses) become <br>. */
const lines = (value: string) => value.split('\n').map(escapeHtml).join('<br>');

function renderBlock(block: DocumentBlock): string {
  const heading = `<h3>${escapeHtml(block.title)}</h3>`;
  if (block.kind === 'fields') {
    const rows = block.fields.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${lines(value)}</dd>`).join('');
    return `<section>${heading}<dl>${rows}</dl></section>`;
  }
  if (block.rows.length === 0) return `<section>${heading}<p>None</p></section>`;
  const head = block.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
  const body = block.rows.map((row) => `<tr>${row.map((cell) => `<td>${lines(cell)}</td>`).join('')}</tr>`).join('');
  return `<section>${heading}<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></section>`;
}

function renderRequestHtml(doc: RequestDocument): string {
  const group = [doc.groupName, doc.groupID ? `(${doc.groupID})` : ''].filter(Boolean).join(' ');
  return [
    '<article class="request-document">',
    `<header><h2>${escapeHtml(doc.title)}</h2><p>${escapeHtml(group)}</p></header>`,
    ...doc.blocks.map(renderBlock),
    '</article>',
  ].join('');
}

/** The answer of RequestDetails; `needsView=false` leaves the rendered content out. */
export async function requestDetails(db: Db, requestPK: number, needsView = true): Promise<Details> {
  const doc = await loadRequestDocument(db, requestPK);
  return {
    requestPK: doc.requestPK,
    type: doc.type,
    status: doc.status,
    content: needsView ? renderRequestHtml(doc) : '',
    history: doc.history.map((h) => ({ ...h, changedAt: h.changedAt.toISOString() })),
  };
}

/** The PDF answer; opened in a new window, hence inline. */
export async function viewEnrollmentPdf(db: Db, requestPK: number): Promise<FileAnswer> {
  const doc = await loadRequestDocument(db, requestPK);
  return { ...pdfFile(enrollmentPdfFileName(requestPK), await renderEnrollmentPdf(doc)), disposition: 'inline' };
}
