// A report-style PDF of an employer group: the group's name heads every page, then the document's
// title; helpers draw headings, label/value lists and simple tables that break across pages.
// Page breaks are taken before a row is drawn, so pdfkit never breaks a page in the middle of text.
import { renderPdf } from './pdfkit-buffer';

type GroupDocumentInfo = {
  groupName: string;
  /** Shown next to the name, e.g. 'G000002'. */
  groupID?: string;
  title: string;
  subtitle?: string;
};

const INK = '#1a1a1a';
const MUTED = '#5f6368';
const RULE = '#c4c7c5';
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const BODY_SIZE = 9.5;
const CELL_GAP = 4;

const contentWidth = (doc: PDFKit.PDFDocument) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` more points fit on this one. */
function ensureSpace(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

function drawGroupHeader(doc: PDFKit.PDFDocument, info: GroupDocumentInfo) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.font(BOLD).fontSize(13).fillColor(INK).text(info.groupName, left, doc.page.margins.top, { width });
  if (info.groupID)
    doc.font(FONT).fontSize(8.5).fillColor(MUTED).text(`Group ID ${info.groupID}`, left, doc.y, { width });
  const ruleY = doc.y + 4;
  doc
    .moveTo(left, ruleY)
    .lineTo(left + width, ruleY)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.x = left;
  doc.y = ruleY + 12;
}

/**
 * Renders a document of the group to PDF bytes: the group header on every page, the title (and
 * subtitle) on the first, then whatever `draw` adds.
 */
export function renderGroupDocument(info: GroupDocumentInfo, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return renderPdf({ title: info.title, subject: info.groupName }, (doc) => {
    doc.on('pageAdded', () => drawGroupHeader(doc, info));
    drawGroupHeader(doc, info);
    const left = doc.page.margins.left;
    doc
      .font(BOLD)
      .fontSize(16)
      .fillColor(INK)
      .text(info.title, left, doc.y, { width: contentWidth(doc) });
    if (info.subtitle)
      doc
        .font(FONT)
        .fontSize(10)
        .fillColor(MUTED)
        .text(info.subtitle, left, doc.y, { width: contentWidth(doc) });
    doc.y += 8;
    draw(doc);
  });
}

export function drawHeading(doc: PDFKit.PDFDocument, title: string) {
  doc.font(BOLD).fontSize(11.5);
  ensureSpace(doc, doc.heightOfString(title) + 3 * BODY_SIZE);
  doc.y += 6;
  doc.fillColor(INK).text(title, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.y += 3;
}

/** Label/value pairs, labels in a column of their own; values may span several lines. */
export function drawFields(doc: PDFKit.PDFDocument, fields: readonly (readonly [string, string])[], labelWidth = 140) {
  const left = doc.page.margins.left;
  const valueWidth = contentWidth(doc) - labelWidth;
  for (const [label, value] of fields) {
    doc.font(FONT).fontSize(BODY_SIZE);
    const height = Math.max(
      doc.heightOfString(label, { width: labelWidth - CELL_GAP }),
      doc.heightOfString(value || ' ', { width: valueWidth }),
    );
    ensureSpace(doc, height + 2);
    const top = doc.y;
    doc.fillColor(MUTED).text(label, left, top, { width: labelWidth - CELL_GAP });
    doc.fillColor(INK).text(value, left + labelWidth, top, { width: valueWidth });
    doc.y = top + height + 2;
  }
}

/** A table with equal columns; the column heads repeat after a page break. Empty: 'None'. */
export function drawTable(doc: PDFKit.PDFDocument, columns: readonly string[], rows: readonly (readonly string[])[]) {
  const left = doc.page.margins.left;
  if (rows.length === 0) {
    doc
      .font(FONT)
      .fontSize(BODY_SIZE)
      .fillColor(MUTED)
      .text('None', left, doc.y, { width: contentWidth(doc) });
    return;
  }
  const width = contentWidth(doc) / columns.length;
  const rowHeight = (cells: readonly string[]) =>
    Math.max(...cells.map((cell) => doc.heightOfString(cell || ' ', { width: width - CELL_GAP })));
  const drawRow = (cells: readonly string[], head: boolean) => {
    doc
      .font(head ? BOLD : FONT)
      .fontSize(BODY_SIZE)
      .fillColor(head ? MUTED : INK);
    const top = doc.y;
    const height = rowHeight(cells);
    cells.forEach((cell, i) => doc.text(cell, left + i * width, top, { width: width - CELL_GAP }));
    doc.y = top + height + 3;
  };
  doc.font(BOLD).fontSize(BODY_SIZE);
  ensureSpace(doc, rowHeight(columns) + 3 + 2 * BODY_SIZE);
  drawRow(columns, true);
  for (const row of rows) {
    doc.font(FONT).fontSize(BODY_SIZE);
    const height = rowHeight(row) + 3;
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      drawRow(columns, true);
    }
    drawRow(row, false);
  }
}
