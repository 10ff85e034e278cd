import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../test/log-capture';
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
});
