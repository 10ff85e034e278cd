import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminQuery } from '../db/admin-query';
import { openDatabase } from '../db/client';

const adminUrl = process.env.DATABASE_URL;

const admin = (text: string) => adminQuery(adminUrl!, text);

// PGlite is one process's own database; the race exists only on a shared PostgreSQL, which the
// replicas project always has (npm run test:replicas).
describe('replicas starting together on an empty PostgreSQL database', () => {
  it('migrate it once: none fails on the tables another one created', async () => {
    if (!adminUrl) throw new Error('This test needs DATABASE_URL: run it with `npm run test:replicas`.');
    const name = `migrate_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`create database "${name}"`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })));
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
    } finally {
      await admin(`drop database if exists "${name}" with (force)`);
    }
  });
});
