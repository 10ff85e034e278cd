import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../test/log-capture';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/database-unavailable';
import { registerProblemHandling } from './problems';

const log = captureLog();
const app = Fastify({ logger: { level: 'info', stream: log.stream } });
const entries = () => log.lines.map((line) => JSON.parse(line) as { level: number; msg: string });

beforeAll(async () => {
  registerProblemHandling(app, { spaPage: null });
  app.get('/gone', async () => {
    throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
  app.get('/broken', async () => {
    throw new Error('database unreachable');
  });
  app.get('/database-away', async () => {
    // As drizzle throws it: the query and its parameters in the message, the driver's error as the cause.
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    throw Object.assign(new Error('Failed query: select ssn from subscribers\nparams: 123-45-6789'), { cause });
  });
  await app.ready();
});

afterAll(() => app.close());

describe('problem handling', () => {
  it('logs a client gone mid-answer as information, not as a failure', async () => {
    log.lines.length = 0;
    await app.inject({ method: 'GET', url: '/gone' });
    expect(entries().filter((line) => line.level >= 50)).toEqual([]);
    expect(entries().map((line) => line.msg)).toContain('client closed the connection mid-answer');
  });

  it('logs any other failure as an error and answers a 500 problem without its message', async () => {
    log.lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ status: 500, title: 'Internal Server Error' });
    expect(res.body).not.toContain('database unreachable');
    expect(
      entries()
        .filter((line) => line.level === 50)
        .map((line) => line.msg),
    ).toEqual(['unhandled error']);
  });

  it('answers 503 with Retry-After when the database cannot be reached, logging only the reason', async () => {
    log.lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/database-away' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
    expect(res.body).not.toContain('subscribers');
    expect(entries().filter((line) => line.level >= 50)).toEqual([]);
    expect(log.lines.join('\n')).toContain('"reason":"ECONNREFUSED"');
    expect(log.lines.join('\n')).not.toContain('123-45-6789');
  });
});
