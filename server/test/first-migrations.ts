import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { migrationsFolder } from '../db/client';

/**
 * A folder under `dir` with this release's first `count` migrations, so a test can migrate a database
 * up to just before the migration it checks, fill it, and then migrate the rest.
 */
export async function firstMigrations(dir: string, count: number): Promise<string> {
  const folder = join(dir, String(count));
  const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, count);
  await mkdir(join(folder, 'meta'), { recursive: true });
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    await copyFile(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  }
  return folder;
}
