// Seeds the large group in a process of its own (see seeded-database.ts), so the bench that then
// serves the database measures its own memory, not the seed's. Prints one line of JSON.
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../server/db/client';
import { seedDatabase } from '../../server/db/seed/seed-database';

const [target, members] = process.argv.slice(2) as [string, string];
const database = await openDatabase(target.startsWith('postgres') ? { databaseUrl: target } : { dataDir: target });
try {
  const started = performance.now();
  const { seededLargeGroup } = await seedDatabase(database.db, { largeGroupMembers: Number(members) });
  console.log(JSON.stringify({ seededLargeGroup, seconds: (performance.now() - started) / 1000 }));
} finally {
  await database.close();
}
