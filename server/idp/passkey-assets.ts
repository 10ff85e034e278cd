import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

// The two scripts of the passkey step of sign-in, served by the identity provider itself: the WebAuthn
// browser library's prebuilt bundle and our small script. Their paths carry a hash of their content, so
// they are cached for good and a new version is a new path; the page names them with their integrity.

type Asset = { file: string; body: Buffer; path: string; integrity: string };

function asset(mountPath: string, name: string, file: string): Asset {
  const body = readFileSync(file);
  const digest = createHash('sha256').update(body).digest();
  return {
    file,
    body,
    path: `${mountPath}/assets/${name}.${digest.toString('hex').slice(0, 12)}.js`,
    integrity: `sha256-${digest.toString('base64')}`,
  };
}

export type PasskeyAssets = { library: Asset; script: Asset };

/** The scripts under `<mountPath>/assets/`; read once at start-up. */
export function loadPasskeyAssets(mountPath: string): PasskeyAssets {
  const require = createRequire(import.meta.url);
  // The package's entry is script/index.js; the bundle is dist/bundle/ beside it (the package exports only ".").
  const entry = pathToFileURL(require.resolve('@simplewebauthn/browser'));
  const bundle = fileURLToPath(new URL('../dist/bundle/index.umd.min.js', entry));
  return {
    library: asset(mountPath, 'simplewebauthn-browser', bundle),
    script: asset(mountPath, 'passkey-sign-in', fileURLToPath(new URL('./assets/passkey-sign-in.js', import.meta.url))),
  };
}

/** Registers both under the plugin's prefix (their paths are relative to it). */
export function registerPasskeyAssets(app: FastifyInstance, assets: PasskeyAssets, mountPath: string): void {
  for (const { path, body } of [assets.library, assets.script]) {
    app.get(path.slice(mountPath.length), async (_request, reply) =>
      reply
        .header('Content-Type', 'text/javascript; charset=utf-8')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body),
    );
  }
}

/** The script tags of the passkey step, in order (the library defines SimpleWebAuthnBrowser first). */
export function passkeyScriptTags(assets: PasskeyAssets): string {
  return [assets.library, assets.script]
    .map(({ path, integrity }) => `<script src="${path}" integrity="${integrity}" defer></script>`)
    .join('\n');
}
