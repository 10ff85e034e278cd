import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_DETAIL,
  databaseUnavailableReason,
} from '../db/database-unavailable';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, ROSTER_MAX_BYTES } from '../../src/contracts/imports';
import { PROOF_MAX_BYTES } from '../../src/contracts/life-events';
import { HttpProblem, sendProblem } from '../lib/problem';
import type { SpaPage } from '../lib/spa-page';

const DOCUMENT_TOO_LARGE = 'The file must be 10 MB or less.';

/**
 * Every failure leaves as a JSON problem body; bad input is a 400, never a 500, and a database that
 * cannot be reached is a 503 with Retry-After, never a 500.
 */
export function registerProblemHandling(app: FastifyInstance, opts: { spaPage: SpaPage | null }) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) return sendProblem(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (errors[where] ??= []).push(issue.message ?? 'Invalid value.');
      }
      return sendProblem(reply, new HttpProblem(400, 'Bad Request', 'The request has invalid fields.', errors));
    }
    const status = error.statusCode ?? 500;
    // Only uploads take bodies past a megabyte; their limit is the file size the screen states.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.routeOptions.bodyLimit === IMPORT_MAX_BYTES)
      return sendProblem(reply, new HttpProblem(413, 'Payload Too Large', IMPORT_MESSAGES.tooLarge));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.routeOptions.bodyLimit === ROSTER_MAX_BYTES)
      return sendProblem(reply, new HttpProblem(413, 'Payload Too Large', IMPORT_MESSAGES.rosterTooLarge));
    // Documents a user uploads (a plan's SBC, a life event's proof) share the 10 MB limit.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.routeOptions.bodyLimit === PROOF_MAX_BYTES)
      return sendProblem(reply, new HttpProblem(413, 'Payload Too Large', DOCUMENT_TOO_LARGE));
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported media type, body too large and the like.
      return sendProblem(reply, new HttpProblem(status, error.code ?? 'Bad Request', error.message));
    }
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) {
      // Only the reason: the wrapped error's message holds the query and its parameters.
      request.log.warn({ reason: unavailable }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendProblem(reply, new HttpProblem(503, 'Service Unavailable', DATABASE_UNAVAILABLE_DETAIL));
    }
    // A stream that closed before its end: the client went away (a cancelled call), not a fault here.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') request.log.info('client closed the connection mid-answer');
    else request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, new HttpProblem(500, 'Internal Server Error', 'An error occurred. Please try again.'));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Client-side routes of the SPA: any other GET for a page gets index.html. A missing file under
    // /assets (a chunk of an older build, a source map) is a 404, never the page in its place.
    if (opts.spaPage && request.method === 'GET' && !/^\/(api|idp|assets)(\/|$)/.test(pathname)) {
      // Each answer carries its own style nonce, so index.html is never cached as it is.
      const html = opts.spaPage(pathname, reply.cspNonce.style);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    }
    return sendProblem(reply, new HttpProblem(404, 'Not Found', `No route for ${request.method} ${pathname}.`));
  });
}
