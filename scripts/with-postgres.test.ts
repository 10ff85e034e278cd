import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, probePostgres, redactUrl } from './throwaway-postgres';

describe('probePostgres', () => {
  it('finds nothing on a closed port', async () => {
    const port = await freePort();
    const probe = await probePostgres(`postgres://postgres@127.0.0.1:${port}/test`);
    expect(probe).toEqual({ answers: false, reason: expect.stringContaining('ECONNREFUSED') });
  });

  it('gives up on a server that accepts but never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const started = Date.now();
    try {
      const probe = await probePostgres(`postgres://postgres@127.0.0.1:${port}/test`, 300);
      expect(probe.answers).toBe(false);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      silent.close();
    }
  });
});

it('masks the password of a URL in messages', () => {
  expect(redactUrl('postgres://postgres:secret@127.0.0.1:5432/test')).toBe(
    'postgres://postgres:***@127.0.0.1:5432/test',
  );
  expect(redactUrl('postgres://postgres@127.0.0.1:5432/test')).toBe('postgres://postgres@127.0.0.1:5432/test');
});

// The real thing: the outer call finds nothing and starts a server, the nested call reuses it, the
// command's status comes back and nothing is left behind.
it('runs a command on a throwaway PostgreSQL when none answers, then removes it', async () => {
  const command = `
    const pg = require('pg');
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    client.connect()
      .then(() => client.query('create extension pg_trgm'))
      .then(() => client.query("select similarity('Smith', 'Smyth') as s, current_setting('data_directory') as dir"))
      .then(({ rows }) => { console.log(JSON.stringify({ url: process.env.DATABASE_URL, ...rows[0] })); return client.end(); })
      .then(() => process.exit(3));`;
  const wrapper = [process.execPath, '--import', 'tsx', 'scripts/with-postgres.ts'];
  const closed = `postgres://postgres@127.0.0.1:${await freePort()}/test`;
  const [node, ...args] = [...wrapper, ...wrapper, process.execPath, '-e', command];
  const child = spawn(node!, args, { env: { ...process.env, TEST_DATABASE_URL: closed } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const status = await new Promise((resolve) => child.on('exit', resolve));

  expect(stderr.match(/starting a throwaway one/g)).toHaveLength(1);
  expect(status).toBe(3);
  const answer = JSON.parse(stdout) as { url: string; s: number; dir: string };
  expect(answer.s).toBeGreaterThan(0.3);
  expect(existsSync(answer.dir)).toBe(false);
  expect((await probePostgres(answer.url, 500)).answers).toBe(false);
});
