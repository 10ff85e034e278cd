// Exports of the lists as .xlsx (exceljs' streaming writer: typed cells, dates as dates, money as
// currency) or .csv (csv-stringify). Rows are read in keyset batches and written as they come, so a
// 100,000-row export holds one batch in memory; the outcome is audited once the stream ends, like
// the census.
import { finished, PassThrough, pipeline, Readable } from 'node:stream';
import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify } from 'csv-stringify';
import { eq } from 'drizzle-orm';
import {
  EXPORT_CONTENT_TYPES,
  EXPORT_LISTS,
  exportFileName,
  type ExportFormat,
  type ExportList,
} from '../../../src/contracts/exports';
import type { Db } from '../../db/client';
import { auditEvents, employers } from '../../db/schema';
import type { FileAnswer } from '../../lib/file-answer';
import { localToday } from '../../lib/calendar';
import { neutraliseFormula } from '../../lib/spreadsheet-text';

export const EXPORT_BATCH = 1000;

type Cell = string | number | null;
export type ExportColumn<R> = {
  header: string;
  type: 'text' | 'date' | 'money' | 'number';
  value: (row: R) => Cell;
  width?: number;
};

/** Reads the batch after the last row of the one before (null first); an empty batch ends the list. */
export type BatchReader<R> = (after: R | null, limit: number) => Promise<R[]>;

type Logger = { error(obj: unknown, msg?: string): void };

export type ExportRequest = {
  db: Db;
  actor: string;
  employerPK: number;
  list: ExportList;
  format: ExportFormat;
  log?: Logger;
  /** Rows per read; tests lower it to cross batch boundaries on a small group. */
  batchSize?: number;
};

const NUM_FMT = { date: 'yyyy-mm-dd', money: '"$"#,##0.00', number: '#,##0', text: '@' } as const;

/** A calendar date as the spreadsheet's date: midnight UTC, which exceljs stores as a whole day number. */
function excelDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

async function* rowsOf<R>(read: BatchReader<R>, batchSize: number, counter: { rows: number }) {
  let last: R | null = null;
  for (;;) {
    const batch = await read(last, batchSize);
    for (const row of batch) {
      counter.rows += 1;
      yield row;
    }
    if (batch.length < batchSize) return;
    last = batch.at(-1)!;
    // Other calls get a turn between batches.
    await nextTurn();
  }
}

function csvStream<R>(columns: ExportColumn<R>[], rows: AsyncIterable<R>): Readable {
  const csv = stringify({
    header: true,
    columns: columns.map((c) => c.header),
    bom: true,
    record_delimiter: 'windows',
    // Names are typed by users: keep spreadsheet programs from running them as formulas.
    escape_formulas: true,
  });
  async function* records() {
    for await (const row of rows) {
      yield columns.map((c) => {
        const value = c.value(row);
        return c.type === 'money' && typeof value === 'number' ? value.toFixed(2) : (value ?? '');
      });
    }
  }
  pipeline(Readable.from(records()), csv, () => {});
  return csv;
}

/** The .xlsx writer on its own, exported so a test can read back what it writes without a database. */
export function xlsxStream<R>(columns: ExportColumn<R>[], rows: AsyncIterable<R>, sheetName: string): Readable {
  const out = new PassThrough();
  void (async () => {
    // Loaded with the first spreadsheet: most processes never make one, and exceljs is heavy.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({
      header: c.header,
      key: String(i),
      width: c.width ?? Math.max(12, c.header.length + 2),
      style: { numFmt: NUM_FMT[c.type] },
    }));
    sheet.getRow(1).font = { bold: true };
    for await (const row of rows) {
      sheet
        .addRow(
          columns.map((c) => {
            const value = c.value(row);
            if (c.type === 'date' && typeof value === 'string') return excelDate(value);
            // Names are typed by users: a text starting with = must stay text when the file is opened.
            return typeof value === 'string' ? neutraliseFormula(value) : value;
          }),
        )
        .commit();
      // The client reads slower than the database answers: wait for it rather than buffer the file.
      if (out.destroyed) return;
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/**
 * A list's export as a file answer. Streams end with an audit row ('export.download' with the row
 * count, or 'export.aborted' when the client went away or a read failed); the access row of the call
 * itself is written by the access audit before the first byte leaves.
 */
export async function exportFile<R>(
  request: ExportRequest,
  columns: ExportColumn<R>[],
  read: BatchReader<R>,
): Promise<FileAnswer> {
  const { db, format, list } = request;
  const [group] = await db
    .select({ employerID: employers.employerID })
    .from(employers)
    .where(eq(employers.employerPK, request.employerPK));
  const fileName = exportFileName(list, group?.employerID ?? String(request.employerPK), localToday(), format);
  const counter = { rows: 0 };
  const rows = rowsOf(read, request.batchSize ?? EXPORT_BATCH, counter);
  const data = format === 'csv' ? csvStream(columns, rows) : xlsxStream(columns, rows, EXPORT_LISTS[list]);
  finished(data, (error) => {
    const action = error ? 'export.aborted' : 'export.download';
    const disconnected = error?.code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (error && !disconnected) request.log?.error({ err: error }, 'export stream failed');
    db.insert(auditEvents)
      .values({
        actor: request.actor,
        employerPK: request.employerPK,
        action,
        detail: {
          list,
          format,
          rowCount: counter.rows,
          ...(error ? { reason: disconnected ? 'disconnected' : 'failed' } : {}),
        },
      })
      .catch((auditError: unknown) => request.log?.error({ err: auditError }, `could not audit ${action}`));
  });
  return { fileName, contentType: EXPORT_CONTENT_TYPES[format], disposition: 'attachment', data };
}
