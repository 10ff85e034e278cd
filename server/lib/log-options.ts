import type { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type RequestLike = { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } };
type ErrorLike = Error & { query?: unknown; params?: unknown; cause?: unknown; code?: unknown; statusCode?: unknown };

/**
 * Query strings never reach the log: they carry authorization codes (/signin-oidc), ID tokens
 * (/idp/session/end) and member names (SPA routes, list filters).
 */
export function pathOnly(url: string | undefined): string {
  const path = (url ?? '').split(/[?#]/)[0] ?? '';
  // Invitation and reset links carry their single-use token in the path.
  return path.replace(/^(\/idp\/(?:invitation|reset))\/[^/]+/, '$1/…');
}

/** PostgreSQL's (and PGlite's) errors: their messages may quote input ("invalid input syntax … \"…\""). */
const isDatabaseError = (error: ErrorLike) => 'severity' in error && typeof error.code === 'string';

// A stack without its header lines, which repeat the message.
const frames = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');

/**
 * Errors as the log may hold them. A failed query keeps its SQL but not its parameters (an SSN or
 * a name may be one), and a database error keeps its code and constraint but neither its message
 * nor its detail (PostgreSQL quotes the offending values in both).
 */
export function serializeError(
  error: ErrorLike,
): { type: string; message: string; stack: string } & Record<string, unknown> {
  const isQuery = typeof error.query === 'string' && 'params' in error;
  const cause = error.cause as ErrorLike | undefined;
  return {
    type: error.name,
    message: isQuery
      ? `Failed query: ${String(error.query)}`
      : isDatabaseError(error)
        ? `Database error ${String(error.code)}`
        : error.message,
    ...(typeof error.code === 'string' ? { code: error.code } : {}),
    ...(typeof error.statusCode === 'number' ? { statusCode: error.statusCode } : {}),
    stack: frames(error.stack),
    ...(cause && typeof cause === 'object'
      ? {
          cause: {
            type: cause.name,
            ...(typeof cause.code === 'string' ? { code: cause.code } : {}),
            ...('constraint' in cause ? { constraint: (cause as { constraint?: unknown }).constraint } : {}),
          },
        }
      : {}),
  };
}

/** The server log: no tokens, codes, query strings or SQL parameters; `sub` and group are bound per request. */
export function logOptions(level: string, stream?: Writable): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    serializers: {
      req: (request: RequestLike) => ({
        method: request.method,
        url: pathOnly(request.url),
        remoteAddress: request.ip ?? request.socket?.remoteAddress,
      }),
      err: serializeError,
    },
  };
}

type Bindable = { setBindings?: (bindings: Record<string, unknown>) => void };

/**
 * Names `bindings` on every later line of this request. Its logger is its own (Fastify makes a child
 * per request), so pino binds them in place, cheaper than another child per call; without a logger
 * (tests) a child does.
 */
export function bindRequestLog(
  request: { log: FastifyBaseLogger },
  reply: { log: FastifyBaseLogger },
  bindings: Record<string, unknown>,
): void {
  const log = request.log as FastifyBaseLogger & Bindable;
  if (typeof log.setBindings === 'function') log.setBindings(bindings);
  else request.log = reply.log = log.child(bindings);
}
