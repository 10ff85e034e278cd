import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '../../src/contracts/csp';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { auditEvents } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../db/test-database';

let distDir: string;
let database: TestDatabase;
const apps: FastifyInstance[] = [];

async function startApp(publicUrl: string, env: Record<string, string> = {}) {
  const config = loadConfig({ PUBLIC_URL: publicUrl, DIST_DIR: distDir, PROCESSING_INTERVAL_MS: '0', ...env });
  const app = await buildApp({ config, db: database.db });
  apps.push(app);
  return app;
}

function directives(csp: string | undefined): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(' ')[0]!, part.slice(part.indexOf(' ') + 1)]),
  );
}

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'portal-dist-'));
  // The shape the build gives index.html (vite.config.ts html.cspNonce).
  await writeFile(
    path.join(distDir, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
      `<script type="module" src="/assets/app.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body></body></html>`,
  );
  database = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('gives every page of the SPA a strict CSP whose style nonce is the one in the page, new each time', async () => {
    const app = await startApp('http://localhost:3000');
    const first = await app.inject({ method: 'GET', url: '/member-chooser?lastName=x' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const csp = directives(first.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toMatch(/^'self'( 'nonce-[0-9a-f]+')?$/);
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(csp.get('style-src')).not.toContain('unsafe-inline');

    const nonce = /'nonce-([0-9a-f]+)'/.exec(csp.get('style-src') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(first.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    expect(first.body).not.toContain(CSP_NONCE_PLACEHOLDER);

    const second = await app.inject({ method: 'GET', url: '/' });
    expect(second.body).not.toContain(nonce);

    expect(first.headers['referrer-policy']).toBe('same-origin');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['permissions-policy']).toContain('camera=()');
    // Plain HTTP (development): no HSTS, which would pin a browser to HTTPS on localhost.
    expect(first.headers['strict-transport-security']).toBeUndefined();
  });

  it('never serves index.html with the placeholder nonce', async () => {
    const app = await startApp('http://localhost:3000');
    const direct = await app.inject({ method: 'GET', url: '/index.html' });
    expect(direct.body).not.toContain(CSP_NONCE_PLACEHOLDER);
  });

  it('lets only the silent renewal page be framed, and only by the portal', async () => {
    const app = await startApp('http://localhost:3000');
    const renew = await app.inject({ method: 'GET', url: '/silentrenew?code=x' });
    expect(directives(renew.headers['content-security-policy'] as string).get('frame-ancestors')).toBe("'self'");
  });

  it('sends HSTS when the portal is served over HTTPS', async () => {
    const app = await startApp('https://portal.example.com');
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('gives API answers, refused ones too, headers that let them load and be framed by nothing', async () => {
    const app = await startApp('https://portal.example.com');
    for (const url of [endpointUrl(endpoints.genderList), `${endpointUrl(endpoints.subscriberDetails)}?pk=1`]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(401);
      expect(directives(answer.headers['content-security-policy'] as string)).toEqual(
        new Map([
          ['default-src', "'none'"],
          ['frame-ancestors', "'none'"],
        ]),
      );
      expect(answer.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'same-origin',
        'cache-control': 'no-store',
      });
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
      expect(answer.headers['permissions-policy']).toContain('camera=()');
    }
  });

  it('keeps the identity provider pages on their own CSP', async () => {
    const app = await startApp('http://localhost:3000');
    const page = await app.inject({ method: 'GET', url: '/idp/interaction/unknown' });
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('believes X-Forwarded-For only from a trusted proxy, so nobody can pick the address a lock counts', async () => {
    const ipOfLastAudit = async (app: FastifyInstance) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/enrollment/Subscriber/SubscriberDetails?pk=1',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(res.statusCode).toBe(401);
      const [row] = await database.db
        .select({ ip: auditEvents.ip })
        .from(auditEvents)
        .orderBy(desc(auditEvents.auditEventPK))
        .limit(1);
      return row?.ip;
    };
    // inject() connects from 127.0.0.1: a proxy on this machine (the default) is believed…
    expect(await ipOfLastAudit(await startApp('http://localhost:3000'))).toBe('203.0.113.7');
    // …a peer that is not a configured proxy is not.
    expect(await ipOfLastAudit(await startApp('http://localhost:3000', { TRUST_PROXY: '10.0.0.1' }))).toBe('127.0.0.1');
  });
});
