import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointUrl, type Endpoint } from '../../src/contracts/endpoint';
import { endpoints, type EndpointName } from '../../src/contracts/endpoints';
import { EXPORT_CONTENT_TYPES } from '../../src/contracts/exports';
import { IMPORT_MAX_BYTES } from '../../src/contracts/imports';
import { PROOF_TYPES } from '../../src/contracts/life-events';
import type { AuthUser } from '../auth/verify-token';
import type { Db } from '../db/client';
import { HttpProblem } from '../lib/problem';
import { invalidFields } from '../lib/field-errors';
import { bindRequestLog } from '../lib/log-options';

const UPLOAD_BODY_MESSAGE = "Send the file's bytes as the body, with Content-Type application/octet-stream.";
import { registerCompression } from '../plugins/compression';
import { authorizeArea, authorizeCall } from './authorize';
import { callAudited, registerAccessAudit } from './access-audit';
import type { AnonymousCallLimit } from './anonymous-call-limit';
import type { FileAnswer } from '../lib/file-answer';
import { announcedLength, readUploadBody } from '../lib/upload-body';
import type { Handler, Handlers } from './handler-types';

type ApiOptions = {
  db: Db;
  handlers: Handlers;
  authenticate: (authorization: string | undefined) => Promise<AuthUser>;
  anonymousCalls: AnonymousCallLimit;
  /** Set on every answer instead of helmet's per-call work (plugins/security-headers.ts). */
  securityHeaders: Record<string, string>;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    employerPK: number | null;
  }
}

/** Calls whose issue has not landed yet: they answer 501 so the gap is visible, and a test lists them. */
export function unimplementedEndpoints(handlers: Handlers): EndpointName[] {
  return (Object.keys(endpoints) as EndpointName[]).filter((name) => !handlers[name]);
}

const PRODUCES = {
  pdf: ['application/pdf'],
  csv: ['text/csv'],
  x12: ['application/edi-x12'],
  export: Object.values(EXPORT_CONTENT_TYPES),
  document: PROOF_TYPES,
} as const;

function contentDisposition(kind: 'inline' | 'attachment', fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendFile(reply: FastifyReply, file: FileAnswer) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.disposition ?? 'inline', file.fileName))
    .header('cache-control', 'no-store')
    .send(file.data);
}

/**
 * Registers every call of the endpoint table; Fastify validates with the contract's own schemas, after
 * authorization, so a caller without rights learns nothing about the input a call expects.
 */
export async function apiRoutes(app: FastifyInstance, opts: ApiOptions) {
  // Only the request list is form-encoded (spec 1 §7); the parser is scoped to the API.
  await app.register(formbody);
  // An upload's bytes arrive as they are, into one buffer; each upload route sets its own size limit.
  app.addContentTypeParser('application/octet-stream', (request: FastifyRequest, payload: IncomingMessage) =>
    readUploadBody(payload, announcedLength(request), { limit: request.routeOptions.bodyLimit }),
  );
  registerCompression(app);
  app.decorateRequest('user', null);
  app.decorateRequest('employerPK', null);
  registerAccessAudit(app, opts.db);

  app.addHook('onRequest', async (request, reply) => {
    // Member data must never sit in a shared or browser cache.
    reply.headers(opts.securityHeaders).header('cache-control', 'no-store');
    try {
      request.user = await opts.authenticate(request.headers.authorization);
    } catch (error) {
      // A caller without a valid token is counted; past the limit it is answered 429 instead of 401.
      if (error instanceof HttpProblem && error.status === 401) await opts.anonymousCalls.count(request, reply);
      throw error;
    }
    // Every later line of this request names the caller (never a name or email: the sub is opaque).
    bindRequestLog(request, reply, { sub: request.user.sub });
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const [name, endpoint] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
    const handler = opts.handlers[name] as Handler<Endpoint> | undefined;
    typed.route({
      method: endpoint.method,
      url: endpointUrl(endpoint),
      config: { endpoint: name },
      helmet: false,
      ...(endpoint.bodyEncoding === 'file' ? { bodyLimit: endpoint.fileLimit ?? IMPORT_MAX_BYTES } : {}),
      schema: {
        operationId: name,
        summary: endpoint.summary,
        tags: [endpoint.service],
        security: [{ bearer: [] }],
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.responseType === 'json' && endpoint.response ? { response: { 200: endpoint.response } } : {}),
        ...(endpoint.bodyEncoding === 'form' ? { consumes: ['application/x-www-form-urlencoded'] } : {}),
        ...(endpoint.bodyEncoding === 'file' ? { consumes: ['application/octet-stream'] } : {}),
        ...(endpoint.responseType !== 'json' ? { produces: PRODUCES[endpoint.responseType] } : {}),
      },
      // After the token check (instance hook), before the body is parsed. An upload names its group in
      // the query, so the group is checked here too: no one's 20 MB is read for a group they lack.
      onRequest: async (request) => {
        authorizeArea(endpoint, request.user!);
        if (endpoint.bodyEncoding === 'file')
          request.employerPK = await authorizeCall(opts.db, endpoint, request.user!, request);
      },
      // Before schema validation, on the raw input (authorize.ts reads the group's id defensively).
      preValidation: async (request, reply) => {
        if (endpoint.bodyEncoding !== 'file')
          request.employerPK = await authorizeCall(opts.db, endpoint, request.user!, request);
        if (request.employerPK !== null) bindRequestLog(request, reply, { employerPK: request.employerPK });
      },
      handler: async (request, reply) => {
        if (!handler) throw new HttpProblem(501, 'Not Implemented', `${name} is not available yet.`);
        // An upload's body is the file itself; anything else (no body, a JSON one) is not a file.
        if (endpoint.bodyEncoding === 'file' && !Buffer.isBuffer(request.body))
          throw invalidFields({ file: [UPLOAD_BODY_MESSAGE] });
        const result = await callAudited(opts.db, request, reply, (db) =>
          handler({
            db,
            user: request.user!,
            employerPK: request.employerPK as number,
            query: request.query as never,
            body: request.body as never,
            request,
            reply,
          }),
        );
        if (endpoint.responseType === 'json') return result;
        return sendFile(reply, result as FileAnswer);
      },
    });
  }
}
