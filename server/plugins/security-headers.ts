import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions) {
  const https = opts.publicUrl.startsWith('https://');
  await app.register(helmet, {
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
    hsts: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    // Older browsers that ignore frame-ancestors still refuse other sites' frames.
    frameguard: { action: 'sameorigin' },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
