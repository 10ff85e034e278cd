// A decoded text upload as rows of cells. csv-parse does the quoting; the delimiter is chosen here
// because census files arrive comma-, semicolon- (European Excel), tab- or pipe-separated.
import { CsvError, parse, type Options } from 'csv-parse';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '../../../../src/contracts/imports';
import { ImportFileError } from './import-file-error';
import { timeSlicer } from '../../../lib/time-slice';

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter that splits the header line into the most fields, counting only outside quotes (a
 * header "Last, First" must not vote for the comma). Ties go to the earlier of , ; tab |.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  let seen = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (seen) break;
    } else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
    if (ch.trim() !== '') seen = true;
  }
  let best: string = DELIMITERS[0];
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** Characters handed to the parser at a time (a few ms of work); other calls get turns in between. */
const SLICE = 16 * 1024;

function parserOptions(delimiter: string): Options {
  return {
    delimiter,
    relax_column_count: true,
    // A stray quote inside a value (5'10" tall, "Bob" Smith) is kept as text rather than refused.
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    trim: true,
  };
}

function unreadable(error: unknown): never {
  if (error instanceof CsvError) {
    const line = (error as CsvError & { lines?: number }).lines;
    const where = line ? ` near line ${line}` : '';
    throw new ImportFileError(`This CSV file could not be read${where}: check its quotes and save it again.`);
  }
  throw error;
}

/**
 * The rows of a CSV, header first, each padded with '' to the header's length. Cells lose the spaces
 * around them and nothing else; empty lines (and lines of delimiters only) are skipped. The text is
 * parsed in slices, so a 20 MB file does not hold the event loop for the whole parse. `keep` turns
 * each row, as it is read, into what is kept of it (its index counts the header as 0).
 */
export async function readCsv<T = string[]>(
  text: string,
  keep: (cells: string[], index: number) => T = (cells) => cells as T,
): Promise<{ delimiter: string; rows: T[] }> {
  const delimiter = detectDelimiter(text);
  const rows: T[] = [];
  const parser = parse(parserOptions(delimiter));
  let failure: unknown = null;
  let width = 0;
  parser.on('error', (error) => (failure = error));
  parser.on('readable', () => {
    let record: string[] | null;
    while ((record = parser.read() as string[] | null) !== null) {
      if (rows.length === 0) width = record.length;
      while (record.length < width) record.push('');
      rows.push(keep(record, rows.length));
    }
  });
  const slice = timeSlicer();
  for (let at = 0; at < text.length && failure === null; at += SLICE) {
    parser.write(text.slice(at, at + SLICE));
    // The header, the most rows accepted, and one more are enough to know the limit was passed.
    if (rows.length > IMPORT_MAX_ROWS + 1) break;
    await slice();
  }
  if (failure === null) {
    const ended = new Promise<void>((resolve) => parser.once('end', resolve).once('error', () => resolve()));
    parser.end();
    await ended;
  }
  if (failure !== null) unreadable(failure);
  if (rows.length > IMPORT_MAX_ROWS + 1) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
  return { delimiter, rows };
}
