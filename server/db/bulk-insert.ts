// Fast multi-row insert: one array parameter per column, expanded server-side with unnest().
// A regular multi-row VALUES insert binds one parameter per cell, and parsing tens of thousands of
// parameters dominates on PGlite (about 7x slower for 1,000 subscriber rows). Works on both drivers.
//
// Limits: scalar columns only (no jsonb or bytea: array encoding of those differs per driver), and
// every row should carry the same keys. A key missing from a row becomes the column's static default
// or NULL; a key missing from every row is left out so the database default applies.
import { SQL, getTableColumns, is, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
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
