import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '../../src/contracts/csp';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../db/test-database';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const bundle = `export const answer = ${'42 + '.repeat(500)}0;\n`;
const indexHtml =
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
  `<script type="module" src="/assets/index-abc123.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head></html>`;

let distDir: string;
let database: TestDatabase;
let app: FastifyInstance;

// The shape of a build (vite.config.ts): hashed bundles with .br and .gz beside them, and the files
// that must never go out as they are: source maps, the manifest, a compressed index.html.
beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'portal-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await mkdir(path.join(distDir, '.vite'));
  const files: Record<string, string | Buffer> = {
    'index.html': indexHtml,
    'index.html.br': brotliCompressSync(indexHtml),
    'index.html.gz': gzipSync(indexHtml),
    'assets/index-abc123.js': bundle,
    'assets/index-abc123.js.br': brotliCompressSync(bundle),
    'assets/index-abc123.js.gz': gzipSync(bundle),
    'assets/index-abc123.js.map': '{"version":3,"sources":["../../src/main.tsx"],"mappings":""}',
    'assets/small-def456.js': 'export {};\n',
    '.vite/manifest.json': '{"index.html":{"file":"assets/index-abc123.js","isEntry":true}}',
    '.vite/route-preloads.json': '{"routes":[{"path":"/claim-search","files":["assets/claim-search-ghi789.js"]}]}',
  };
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(distDir, name), content);
  database = await createTestDatabase({ seed: false });
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', DIST_DIR: distDir, PROCESSING_INTERVAL_MS: '0' });
  app = await buildApp({ config, db: database.db });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('SPA assets', () => {
  it('answers a hashed bundle precompressed with brotli to a browser that accepts it, cached for good', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(bundle);
  });

  it('falls back to gzip, then to the file as it is', async () => {
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bundle);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(bundle);

    // A file too small to have been compressed goes out as it is, whatever the browser accepts.
    const small = await get('/assets/small-def456.js', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('never serves a source map, and answers 404 for any missing asset instead of the page', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/assets/gone-000000.js', '/assets/index-abc123.js.br']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect(res.body, url).not.toContain('mappings');
    }
  });

  it('answers index.html only with its fresh nonce, uncompressed and never stored, whatever was asked', async () => {
    for (const url of ['/', '/index.html', '/index.html.br', '/claim-search']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).toContain('<script type="module" src="/assets/index-abc123.js"');
      expect(res.body, url).not.toContain(CSP_NONCE_PLACEHOLDER);
    }
  });

  it("names a screen's own chunks in its index.html, and no others", async () => {
    const meta = '<meta name="route-chunks" content="/assets/claim-search-ghi789.js">';
    expect((await get('/claim-search')).body).toContain(meta);
    expect((await get('/claim-search?lastName=x')).body).toContain(meta);
    expect((await get('/')).body).not.toContain('route-chunks');
  });

  it('keeps the build manifest and the route preloads to itself', async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.body).not.toContain('isEntry');
    const preloads = await get('/.vite/route-preloads.json');
    expect(preloads.body).not.toContain('claim-search-ghi789');
  });
});
