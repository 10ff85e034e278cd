// Whether an error means the database cannot be reached right now (stopped, restarting, the network
// gone, the pool unable to connect in time), as opposed to a fault of the query or the code. Such
// errors are answered 503 with Retry-After: the caller should try again, and nothing is wrong with
// the request.

/** Seconds a caller is asked to wait (Retry-After) before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** What a caller is told while the database is away. */
export const DATABASE_UNAVAILABLE_DETAIL =
  'The database cannot be reached at the moment. Please try again in a few seconds.';

/**
 * SQLSTATEs of a server going away or not taking sessions: admin_shutdown, crash_shutdown,
 * cannot_connect_now (starting up, shutting down, in recovery) and too_many_connections; and of one
 * that cannot write: disk_full and io_error (a full or read-only disk under PostgreSQL or PGlite).
 * The write was not committed, and the same call succeeds once space is freed.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '53100', '58030']);
/** Class 08 is connection exceptions (08000, 08003, 08006, 08001, 08004, 08P01…). */
const CONNECTION_EXCEPTION_CLASS = '08';

/** Socket and name-lookup failures on the way to the server, and file-system failures under it. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // The database's own files: a full, read-only or failing disk (the embedded database in-process).
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EIO',
]);

/**
 * node-postgres reports a lost or never-made connection as a plain Error with one of these messages
 * (no code): the pool's connect timeout, a connection closed under a query, a client's own connect
 * timeout, a client left unusable by a connection error.
 */
const DRIVER_MESSAGES = [
  // PostgreSQL reports a write to a read-only disk as insufficient_privilege (42501) with the
  // system's message: only that message, not the SQLSTATE, tells it from a missing grant.
  /: Read-only file system$/,
  /^Connection terminated\b/,
  /^timeout exceeded when trying to connect$/,
  /^timeout expired$/,
  /^Client has encountered a connection error and is not queryable$/,
];

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/**
 * The reason an error means the database is unavailable (a SQLSTATE, an error code or the driver's
 * message), or null when it does not. Drizzle wraps driver errors (`cause`) and a connection to a
 * name with several addresses fails as an AggregateError (`errors`), so both are looked through.
 */
export function databaseUnavailableReason(error: unknown, depth = 0): string | null {
  if (depth > 5 || typeof error !== 'object' || error === null) return null;
  const { code, message, cause, errors } = error as ErrorLike;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code)) return code;
    if (/^[0-9A-Z]{5}$/.test(code) && code.startsWith(CONNECTION_EXCEPTION_CLASS)) return code;
  }
  if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return message;
  const fromCause = databaseUnavailableReason(cause, depth + 1);
  if (fromCause) return fromCause;
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const reason = databaseUnavailableReason(inner, depth + 1);
      if (reason) return reason;
    }
  }
  return null;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== null;
}
