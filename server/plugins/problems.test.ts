import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerProblemHandling } from './problems';

const lines: { level: number; msg: string }[] = [];
const app = Fastify({
  logger: {
    level: 'info',
    stream: new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    }),
  },
});

beforeAll(async () => {
  registerProblemHandling(app, { spaPage: null });
  app.get('/gone', async () => {
    throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
  app.get('/broken', async () => {
    throw new Error('database unreachable');
  });
  await app.ready();
});

afterAll(() => app.close());

describe('problem handling', () => {
  it('logs a client gone mid-answer as information, not as a failure', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/gone' });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.map((line) => line.msg)).toContain('client closed the connection mid-answer');
  });

  it('logs any other failure as an error and answers a 500 problem without its message', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ status: 500, title: 'Internal Server Error' });
    expect(res.body).not.toContain('database unreachable');
    expect(lines.filter((line) => line.level === 50).map((line) => line.msg)).toEqual(['unhandled error']);
  });
});
