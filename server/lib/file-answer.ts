import type { Readable } from 'node:stream';

/** A file answer: PDFs open in a new window (inline), CSVs download (attachment). */
export type FileAnswer = {
  fileName: string;
  contentType: string;
  data: Buffer | Uint8Array | Readable;
  disposition?: 'inline' | 'attachment';
};

/** A rendered PDF; without a disposition it is sent inline. */
export function pdfFile(fileName: string, data: Buffer): FileAnswer {
  return { fileName, contentType: 'application/pdf', data };
}
