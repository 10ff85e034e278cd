import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, IMPORT_MESSAGES } from '../../../src/contracts/imports';
import { ImportFileError } from './files/import-file-error';
import { keepUploadWorkerReady, UploadThread } from './upload-thread';

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

  it('hands an upload to the worker started ahead, and starts the next one when it is done', async () => {
    const keeper = keepUploadWorkerReady();
    try {
      expect(keeper.ready).toBe(true);
      // A buffer of its own, as a request body is (a small Buffer.from shares Node's pool).
      const bytes = Buffer.alloc(csv(3).length);
      csv(3).copy(bytes);
      const thread = UploadThread.start({ employerPK: 2, fileName: 'people.csv', bytes, roster: null, contextRows });
      expect(keeper.ready).toBe(false);
      // The file moved to the waiting worker rather than being copied.
      expect(bytes.byteLength).toBe(0);
      try {
        const read = await thread.next('read');
        expect(read.columns).toEqual(IMPORT_FIELDS.map((f) => f.label));
        thread.tell({
          type: 'setup',
          mapping: Object.fromEntries(IMPORT_FIELDS.map((f, i) => [f.key, i])),
          valueMappings: {},
        });
        const keys = await thread.next('keys');
        expect(keys.employeeSsns).toEqual(['100-10-1000', '101-11-1001', '102-12-1002']);
        const none = new Map();
        thread.tell({
          type: 'facts',
          importPK: 1,
          facts: {
            members: none,
            pendingNew: none,
            pendingUpdate: new Set(),
            otherGroup: new Set(),
            duplicates: new Set(),
          },
        });
        const rows = await thread.next('rows');
        expect((JSON.parse(rows.json) as { row_number: number }[]).map((r) => r.row_number)).toEqual([2, 3, 4]);
        thread.tell({ type: 'more' });
        expect(await thread.next('done')).toMatchObject({ lastRow: 4 });
      } finally {
        await thread.stop();
      }
      expect(keeper.ready).toBe(true);
    } finally {
      await keeper.stop();
    }
    expect(keeper.ready).toBe(false);
  });
});
