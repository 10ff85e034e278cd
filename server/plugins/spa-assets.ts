import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built SPA's files. index.html is not among them: the not-found handler (plugins/problems.ts)
 * answers it for every page with a fresh nonce and `no-store`.
 */
export async function registerSpaAssets(app: FastifyInstance, distDir: string) {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build's .br and .gz files are answered in place of their asset when the browser accepts them.
    preCompressed: true,
    // One route per servable file: never a source map (a build that kept them in the folder would
    // publish the sources), nor a compressed copy under its own name.
    globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
    // index.html goes out only through the SPA fallback, which fills in the nonce.
    allowedPath: (pathName) => !pathName.startsWith('/index.html'),
    setHeaders: (res, file) => {
      // Hashed bundles never change; anything else must always be revalidated.
      res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
    },
  });
}
