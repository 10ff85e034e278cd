// A tiny, dependency-free PDF 1.4 writer for seed documents: one US-letter page, Helvetica, a bold
// title and plain text lines. Rich documents use a proper PDF library elsewhere.

type MinimalPdfInput = {
  title: string;
  lines: readonly string[];
};

/** PDF string literals need \, ( and ) escaped; the standard fonts only cover Latin-1. */
function pdfText(value: string): string {
  return value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

export function createMinimalPdf({ title, lines }: MinimalPdfInput): Buffer {
  const body = [
    'BT /F2 16 Tf 72 720 Td (' + pdfText(title) + ') Tj ET',
    'BT /F1 11 Tf 16 TL 72 690 Td',
    ...lines.map((line, i) => (i === 0 ? '' : 'T* ') + '(' + pdfText(line) + ') Tj'),
    'ET',
  ].join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (benefits-portal) >>`,
  ];

  // Offsets are byte positions, so everything is measured in latin1 (one byte per character).
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(out, 'latin1');
  // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, 2-byte EOL.
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`;
  out += `startxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
