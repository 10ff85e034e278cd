type PdfInfo = { title: string; subject?: string };

/**
 * Draws a US-letter document with pdfkit and resolves with its bytes. Answers are small, so the
 * whole file is buffered: a failure while drawing becomes a problem answer, not a cut-off download.
 */
export async function renderPdf(info: PdfInfo, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  // Loaded with the first PDF: pdfkit and its fonts are heavy for a process that may never draw one.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: info.title, ...(info.subject ? { Subject: info.subject } : {}), Producer: 'benefits-portal' },
  });
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
