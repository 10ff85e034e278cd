// PostgreSQL's backup is the portal's tables as JSON lines ("#table" and then one row_to_json per row),
// read in one REPEATABLE READ snapshot so every table is of the same instant while the server runs on.
// It needs no client tools of the server's version, and restore builds the backup's own schema from
// the release's migrations before the rows go back in, parents before children.
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import pg from 'pg';
import { migrationsSchema } from '../client';
import { BackupError } from './backup-envelope';
import { appliedMigrationHashes, migrateFirst, readMigrationHashes } from './migrations';

const FETCH_ROWS = 2_000;
const INSERT_ROWS = 1_000;
/** A batch of rows goes in once it holds this much JSON (documents and file chunks are large rows). */
const INSERT_BYTES = 8 * 1024 * 1024;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The public schema's tables, each after the tables its foreign keys point at. A partitioned table
 * stands for its partitions: its rows are read and written through it, and each month's partition
 * is made by the migrations and the server, not by the backup.
 */
async function tablesInLoadOrder(client: pg.ClientBase): Promise<string[]> {
  const tables = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  const edges = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.rows.map((t) => [t.name, new Set<string>()]));
  for (const edge of edges.rows) parents.get(edge.child)?.add(edge.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < parents.size) {
    const ready = [...parents].filter(([name, of]) => !placed.has(name) && [...of].every((p) => placed.has(p)));
    if (ready.length === 0)
      throw new BackupError('The tables’ foreign keys form a cycle; the backup cannot order them.');
    for (const [name] of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/** Connects with the statement timeout lifted: a long backup or restore is not a runaway statement. */
async function connected(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('set statement_timeout = 0');
  return client;
}

/** The migrations the database has had, taken with its rows. */
export async function postgresMigrations(databaseUrl: string): Promise<string[]> {
  const client = await connected(databaseUrl);
  try {
    return await appliedMigrationHashes(client);
  } finally {
    await client.end();
  }
}

/** Every table's rows, as JSON lines, from one snapshot. */
export async function* dumpPostgres(databaseUrl: string): AsyncGenerator<Buffer> {
  const client = await connected(databaseUrl);
  try {
    await client.query('begin isolation level repeatable read read only');
    for (const table of await tablesInLoadOrder(client)) {
      yield Buffer.from(`#${table}\n`);
      await client.query(
        `declare rows_out no scroll cursor for select row_to_json(t)::text as row from ${quoted(table)} t`,
      );
      for (;;) {
        const { rows } = await client.query<{ row: string }>(`fetch ${FETCH_ROWS} from rows_out`);
        if (rows.length === 0) break;
        yield Buffer.from(rows.map((r) => `${r.row}\n`).join(''));
      }
      await client.query('close rows_out');
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
}

/** Whether any of the portal's tables holds a row. */
async function holdsRows(client: pg.ClientBase): Promise<boolean> {
  for (const table of await tablesInLoadOrder(client)) {
    const { rows } = await client.query(`select 1 from ${quoted(table)} limit 1`);
    if (rows.length > 0) return true;
  }
  return false;
}

export async function postgresHoldsData(databaseUrl: string): Promise<boolean> {
  const client = await connected(databaseUrl);
  try {
    return await holdsRows(client);
  } finally {
    await client.end();
  }
}

/**
 * Restores rows dumped by dumpPostgres into the database at `databaseUrl`, all in one transaction: the
 * schema is made again at the backup's migrations, the rows go in with the tables' own triggers off
 * (the counts they keep are restored as they were), identity sequences continue after the highest
 * key, and the later migrations of this release follow. Refuses a database with rows unless `force`.
 */
export async function restorePostgres(
  databaseUrl: string,
  content: AsyncIterable<Buffer>,
  backupMigrations: string[],
  force: boolean,
): Promise<{ rows: number }> {
  const known = await readMigrationHashes();
  if (backupMigrations.some((hash, i) => known[i] !== hash)) {
    throw new BackupError('This backup was made by another release of the portal; restore it with that release.');
  }
  const client = await connected(databaseUrl);
  try {
    if ((await holdsRows(client)) && !force) {
      throw new BackupError(
        'The database at DATABASE_URL already holds data; restore refuses to replace it without --force.',
      );
    }
    // The migrator commits its own transaction, so the schema is made first and the rows go in after.
    await client.query(`drop schema if exists ${quoted(migrationsSchema)} cascade`);
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
    await migrateFirst(client, backupMigrations.length);
    await client.query('begin');
    const tables = new Set(await tablesInLoadOrder(client));
    for (const table of tables) await client.query(`alter table ${quoted(table)} disable trigger user`);
    // Rows the migrations wrote (lookup lists, singletons) are in the backup as they last were.
    await client.query(`truncate ${[...tables].map(quoted).join(', ')}`);

    let rows = 0;
    let table: string | null = null;
    let batch: string[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (!table || batch.length === 0) return;
      await client.query(
        `insert into ${quoted(table)} select * from json_populate_recordset(null::${quoted(table)}, $1::json)`,
        [`[${batch.join(',')}]`],
      );
      rows += batch.length;
      batch = [];
      batchBytes = 0;
    };
    for await (const line of createInterface({ input: Readable.from(content), crlfDelay: Infinity })) {
      if (line.startsWith('#')) {
        await flush();
        table = line.slice(1);
        if (!tables.has(table)) throw new BackupError(`The backup holds a table this schema has not: ${table}.`);
        continue;
      }
      if (!line) continue;
      if (!table) throw new BackupError('This backup is damaged: rows before any table.');
      batch.push(line);
      batchBytes += line.length;
      if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await flush();
    }
    await flush();

    for (const table of tables) await client.query(`alter table ${quoted(table)} enable trigger user`);
    const identities = await client.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and is_identity = 'YES'`,
    );
    for (const { table_name: t, column_name: c } of identities.rows) {
      await client.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quoted(c)}), 0) + 1, false) from ${quoted(t)}`,
        [quoted(t), c],
      );
    }
    await client.query('commit');
    return { rows };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
