// Fast multi-row insert: one array parameter per column, expanded server-side with unnest().
// A regular multi-row VALUES insert binds one parameter per cell, and parsing tens of thousands of
// parameters dominates on PGlite (about 7x slower for 1,000 subscriber rows). Works on both drivers.
//
// Limits: scalar columns only (no jsonb or bytea: array encoding of those differs per driver), and
// every row should carry the same keys. A key missing from a row becomes the column's static default
// or NULL; a key missing from every row is left out so the database default applies.
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { SQL, getTableColumns, is, sql } from 'drizzle-orm';
import { getTableConfig, type AnyPgColumn, type PgInsertValue, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client.js';

export async function bulkInsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly PgInsertValue<T>[],
  options: { returning?: AnyPgColumn[]; batchSize?: number } = {},
): Promise<Record<string, unknown>[]> {
  const { returning = [], batchSize = 5000 } = options;
  if (rows.length === 0) return [];
  const records = rows as readonly Record<string, unknown>[];
  const columns = Object.entries(getTableColumns(table) as Record<string, AnyPgColumn>).filter(([key]) =>
    records.some((r) => r[key] !== undefined),
  );
  const fallback = (column: AnyPgColumn) =>
    column.default !== undefined && !is(column.default, SQL) ? column.default : null;

  const out: Record<string, unknown>[] = [];
  for (let start = 0; start < records.length; start += batchSize) {
    const batch = records.slice(start, start + batchSize);
    const arrays = columns.map(([key, column]) => {
      const values = batch.map((r) => {
        const value = r[key] === undefined ? fallback(column) : r[key];
        return value === null ? null : column.mapToDriverValue(value);
      });
      return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
    });
    const names = sql.join(
      columns.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    );
    const returningClause =
      returning.length > 0
        ? sql` returning ${sql.join(
            returning.map((c) => sql.identifier(c.name)),
            sql`, `,
          )}`
        : sql``;
    const result = await db.execute(
      sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})${returningClause}`,
    );
    out.push(...(result.rows as Record<string, unknown>[]));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// COPY FROM STDIN, for loads of hundreds of thousands of rows on PostgreSQL: rows go over as text in a
// stream the server parses as it reads, with no statement or parameters to build. PGlite does not take
// COPY FROM STDIN (its socket ends the connection), so callers keep bulkInsert there.

const TEXT_SPECIALS = /[\\\n\r\t]/;
const TEXT_SPECIALS_ALL = /[\\\n\r\t]/g;
const TEXT_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One value in COPY's text format, as the driver would have sent it as a parameter. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') {
    return TEXT_SPECIALS.test(value) ? value.replace(TEXT_SPECIALS_ALL, (c) => TEXT_ESCAPES[c]!) : value;
  }
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  // bytea in hex, its backslash doubled for the text format.
  if (value instanceof Uint8Array)
    return `\\\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  return copyText(JSON.stringify(value));
}

/**
 * Encodes rows of `table` as lines of COPY's text format for the columns named by `keys` (the
 * table's property names), in that order. A missing key becomes the column's static default or NULL,
 * as in bulkInsert.
 */
export function copyEncoder<T extends PgTable>(
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
): { columns: string[]; encode: (rows: readonly PgInsertValue<T>[]) => string } {
  const all = getTableColumns(table) as Record<string, AnyPgColumn>;
  const columns = keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`copyEncoder: ${key} is not a column of the table`);
    const fallback = column.default !== undefined && !is(column.default, SQL) ? column.default : null;
    return { key, column, fallback };
  });
  const encode = (rows: readonly PgInsertValue<T>[]) => {
    let out = '';
    for (const row of rows as readonly Record<string, unknown>[]) {
      let line = '';
      for (let i = 0; i < columns.length; i++) {
        const { key, column, fallback } = columns[i]!;
        const raw = row[key] === undefined ? fallback : row[key];
        line += (i === 0 ? '' : '\t') + copyText(raw === null ? null : column.mapToDriverValue(raw));
      }
      out += line + '\n';
    }
    return out;
  };
  return { columns: columns.map(({ column }) => column.name), encode };
}

/**
 * The PostgreSQL connection a handle runs on when it can take COPY FROM STDIN: a transaction's (or a
 * single client's) connection to a PostgreSQL server. Null on PGlite, in this process or behind its
 * socket, and on a pool, whose statements could each land on another connection.
 */
export async function copyConnectionOf(db: Db): Promise<pg.ClientBase | null> {
  const client: unknown = (db._.session as unknown as { client?: unknown }).client;
  if (!(client instanceof pg.Client)) return null;
  let server = serverKinds.get(client);
  if (server === undefined) {
    const { rows } = await client.query<{ version: string }>('select version() as version');
    server = /PGlite/i.test(rows[0]?.version ?? '') ? 'pglite' : 'postgres';
    serverKinds.set(client, server);
  }
  return server === 'postgres' ? client : null;
}

const serverKinds = new WeakMap<pg.ClientBase, 'pglite' | 'postgres'>();

/**
 * Streams text-format lines (see copyEncoder) into `table` with COPY FROM STDIN on `connection`, as
 * `chunks` yields them; a slow server holds the producer back instead of letting lines pile up here.
 * Resolves with the rows the server stored.
 */
export async function copyInto(
  connection: pg.ClientBase,
  table: PgTable,
  columns: readonly string[],
  chunks: Iterable<string | Buffer> | AsyncIterable<string | Buffer>,
): Promise<number> {
  const name = getTableConfig(table).name;
  const list = columns.map((c) => pg.escapeIdentifier(c)).join(', ');
  const stream = connection.query(copyFrom(`copy ${pg.escapeIdentifier(name)} (${list}) from stdin`));
  // Failing early (a bad value, a broken connection) must not leave the producer waiting for 'drain'.
  const failed = new Promise<never>((_, reject) => stream.once('error', reject));
  failed.catch(() => {});
  const drained = () => Promise.race([once(stream, 'drain'), failed]);
  for await (const chunk of chunks) {
    if (chunk.length > 0 && !stream.write(chunk)) await drained();
  }
  stream.end();
  await Promise.race([finished(stream), failed]);
  return stream.rowCount;
}
