import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { registerAccessAudit } from './access-audit';

// A database whose every insert fails, as during an outage of the audit table.
const failingDb = {
  insert: () => ({
    values: () => Promise.reject(new Error('audit insert failed')),
  }),
} as unknown as Db;

async function appWith(status: number) {
  const app = Fastify();
  app.decorateRequest('user', null);
  app.decorateRequest('employerPK', null);
  registerAccessAudit(app, failingDb);
  app.get('/member', { config: { endpoint: 'subscriberDetails' } }, async (request, reply) => {
    request.employerPK = 2;
    if (status !== 200) return reply.code(status).send({ title: 'refused' });
    return { ssnLast4: '1234' };
  });
  await app.ready();
  return app;
}

describe('access audit when its row cannot be written', () => {
  it('answers an error instead of member data', async () => {
    const app = await appWith(200);
    const res = await app.inject({ method: 'GET', url: '/member' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('1234');
    await app.close();
  });

  it('still answers a refusal as it was', async () => {
    const app = await appWith(403);
    const res = await app.inject({ method: 'GET', url: '/member' });
    expect(res.statusCode).toBe(403);
    await app.close();
  });
});
