import { randomBytes } from 'node:crypto';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminQuery } from '../db/admin-query';
import { openDatabase, type OpenedDatabase } from '../db/client';
import { carrierBatchEntries, carrierFiles, requests } from '../db/schema';
import { seedDatabase } from '../db/seed/seed-database';
import { closeCarrierBatch, generateFullFile } from '../services/carrier-feed';
import { processPendingRequests } from '../services/processing';

const adminUrl = process.env.DATABASE_URL;
const admin = (text: string) => adminQuery(adminUrl!, text);

// Two replicas' pools on one PostgreSQL database: the race only exists on a shared database, which the
// replicas project always has (npm run test:replicas).
describe('carrier files made by two replicas at once', () => {
  it('never give a group one control number twice, and close each batch once', async () => {
    if (!adminUrl) throw new Error('This test needs DATABASE_URL: run it with `npm run test:replicas`.');
    const name = `carrier_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const opened: OpenedDatabase[] = [];
    try {
      opened.push(await openDatabase({ databaseUrl: url.toString() }));
      opened.push(await openDatabase({ databaseUrl: url.toString() }));
      const [a, b] = opened.map((o) => o.db) as [OpenedDatabase['db'], OpenedDatabase['db']];
      await seedDatabase(a);
      // The seed's approved enrollment is pushed and opens group 2's batch.
      await processPendingRequests(a);
      const settings = { dir: undefined };
      const changeFiles: number[] = [];
      for (let round = 0; round < 3; round++) {
        if (round > 0) {
          // Another pushed request in the batch, as the worker of either replica would add it.
          const batched = (await a.select().from(carrierBatchEntries)).map((e) => e.requestPK);
          const [next] = await a
            .select()
            .from(requests)
            .where(
              and(
                eq(requests.employerPK, 2),
                eq(requests.status, 'PushedToRemote'),
                batched.length ? notInArray(requests.requestPK, batched) : undefined,
              ),
            )
            .limit(1);
          await a.insert(carrierBatchEntries).values({ requestPK: next!.requestPK, employerPK: 2 });
        }
        const [closedA, closedB] = await Promise.all([
          closeCarrierBatch(a, 2, 'replica-a', settings),
          closeCarrierBatch(b, 2, 'replica-b', settings),
          generateFullFile(a, 2, 'replica-a', settings),
          generateFullFile(b, 2, 'replica-b', settings),
        ]);
        const closed = [closedA, closedB].filter((f) => f !== null);
        expect(closed).toHaveLength(1);
        changeFiles.push(closed[0]!.carrierFilePK);
      }
      const files = await a.select().from(carrierFiles).where(eq(carrierFiles.employerPK, 2));
      expect(files).toHaveLength(9);
      expect(files.map((f) => f.controlNumber).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(files.every((f) => f.status === 'Generated')).toBe(true);
      expect(await a.select().from(carrierBatchEntries).where(isNull(carrierBatchEntries.carrierFilePK))).toEqual([]);
      for (const pk of changeFiles) {
        const entries = await a.select().from(carrierBatchEntries).where(eq(carrierBatchEntries.carrierFilePK, pk));
        expect(entries.length).toBeGreaterThan(0);
      }
    } finally {
      for (const o of opened) await o.close();
      await admin(`drop database if exists "${name}" with (force)`);
    }
  });
});
