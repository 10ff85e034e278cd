import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaderOptions = {
  /** The portal's public origin; HSTS only when it is served over HTTPS. */
  publicUrl: string;
  /** Origins of an external identity provider or API the SPA talks to, besides its own. */
  externalOrigins: string[];
};

/** The SPA's silent renewal page and the provider's authorization endpoint may be framed by the portal itself. */
const FRAMEABLE = /^\/(silentrenew|idp\/auth)(\/|\?|$)/;

// Browsers allow these features to no page of the portal.
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Helmet on every answer. The SPA's CSP allows only its own scripts; styles need a nonce (emotion
 * inserts <style> elements carrying the one index.html hands it) and inline style attributes (MUI
 * positions poppers and transitions with them). Pages that set their own CSP (the identity
 * provider's, the API docs) keep theirs.
 */
const sharedPolicies = (https: boolean) =>
  ({
    hsts: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    // Older browsers that ignore frame-ancestors still refuse other sites' frames.
    frameguard: { action: 'sameorigin' },
  }) satisfies HelmetOptions;

/**
 * The headers of every API answer, worked out once. JSON is never rendered as a page, so it needs no
 * nonces and may load nothing; building helmet's headers per call (nonces, CSP text) cost about 45 µs
 * of a lookup's CPU. The API's routes opt out of the per-call helmet (`helmet: false`) and set these.
 */
export function apiSecurityHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
    },
    ...sharedPolicies(publicUrl.startsWith('https://')),
  })({} as IncomingMessage, collect as unknown as ServerResponse, () => undefined);
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions) {
  const https = opts.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    global: true,
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'style-src-attr': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...opts.externalOrigins],
        'frame-src': ["'self'", 'blob:', ...opts.externalOrigins],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'", ...opts.externalOrigins],
        'frame-ancestors': [(req: IncomingMessage) => (FRAMEABLE.test(req.url ?? '') ? "'self'" : "'none'")],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    ...sharedPolicies(https),
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
