import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, IMPORT_MESSAGES } from '../../../src/contracts/imports';
import { ImportFileError } from './files/import-file-error';
import { UploadThread } from './upload-thread';

const contextRows = { lookups: [], divisionRows: [], planRows: [], tierRows: [] };
const header = IMPORT_FIELDS.map((f) => f.label).join(',');

function csv(rows: number): Buffer {
  const lines = [header];
  for (let i = 0; i < rows; i += 1)
    lines.push(`K${i},Employee,First${i},,Last${i},${String(100 + (i % 800))}-${String(10 + (i % 89))}-${1000 + i}`);
  return Buffer.from(lines.join('\n'));
}

describe('an upload’s worker thread', () => {
  it('reads the file and says what it holds before anything is stored', async () => {
    const thread = UploadThread.start({
      employerPK: 2,
      fileName: 'people.csv',
      bytes: csv(3),
      roster: null,
      contextRows,
    });
    try {
      const read = await thread.next('read');
      expect(read).toMatchObject({ format: 'csv', delimiter: ',', columns: IMPORT_FIELDS.map((f) => f.label) });
      expect(read.sha256).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await thread.stop();
    }
  });

  it('turns a file it cannot read into the file’s own message', async () => {
    const thread = UploadThread.start({
      employerPK: 2,
      fileName: 'people.csv',
      bytes: Buffer.from(header),
      roster: null,
      contextRows,
    });
    try {
      await expect(thread.next('read')).rejects.toThrow(new ImportFileError(IMPORT_MESSAGES.empty));
    } finally {
      await thread.stop();
    }
  });

  it('refuses a file past its heap with a clear message rather than failing the server', async () => {
    const thread = UploadThread.start(
      { employerPK: 2, fileName: 'people.csv', bytes: csv(100_000), roster: null, contextRows },
      16,
    );
    try {
      await expect(thread.next('read')).rejects.toThrow(new ImportFileError(IMPORT_MESSAGES.tooMuchToCheck));
    } finally {
      await thread.stop();
    }
  });
});
