// The access audit (HIPAA 164.312(b)): one append-only row per call of member data and per refused
// call. Which calls and which record ids come from the endpoint table's `audit` entries; this file
// is the one place that writes the rows, so handlers and services stay unaware of it.
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from '../../src/contracts/endpoint';
import { endpoints, type EndpointName } from '../../src/contracts/endpoints';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import { HttpProblem } from '../lib/problem';
import { groupOfResource } from '../services/audit';
import {
  claimIdempotencyKey,
  idempotencyKeyOf,
  REPLAYED_HEADERS,
  replayedProblem,
  requestFingerprint,
  storeIdempotentAnswer,
} from './idempotency';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call's name in the endpoint table. */
    endpoint?: EndpointName;
  }
  interface FastifyRequest {
    /** The handler's answer, where list calls find the ids of the rows they answered. */
    auditAnswer: unknown;
    /** Set once a change's row went in with the change's own transaction. */
    auditWritten: boolean;
  }
}

/** Refusals worth a row on any group-scoped call, audited or not. */
const REFUSED = new Set([401, 403, 404]);
/** A list answers at most a page (100 rows); this only guards against an unforeseen answer. */
const MAX_RECORDS = 500;
const MAX_PK = 2_147_483_647;

function endpointOf(request: FastifyRequest): { name: EndpointName; endpoint: Endpoint } | null {
  const name = request.routeOptions.config.endpoint;
  return name ? { name, endpoint: endpoints[name] } : null;
}

/** Numbers or numeric text: a refused call may be refused before its input was validated. */
function toPK(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_PK ? n : null;
}

/** A user's opaque id as the Users calls name it; anything else is not recorded. */
function toUserId(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

/** Values at a dotted path whose `name[]` segments fan out over arrays. */
function valuesAt(source: unknown, segments: readonly string[]): unknown[] {
  const [head, ...rest] = segments;
  if (head === undefined) return [source];
  const many = head.endsWith('[]');
  const value = (source as Record<string, unknown> | null | undefined)?.[many ? head.slice(0, -2) : head];
  if (!many) return valuesAt(value, rest);
  return Array.isArray(value) ? value.flatMap((item) => valuesAt(item, rest)) : [];
}

function recordsOf(request: FastifyRequest, endpoint: Endpoint): string[] {
  const sources = { query: request.query, body: request.body, answer: request.auditAnswer };
  const refs: Record<string, string> = { ...endpoint.audit?.records };
  // A refused call names its record only through the scope (e.g. the subscriber of another group).
  if (endpoint.scope.kind === 'resource') {
    for (const [param, kind] of Object.entries(endpoint.scope.refs)) refs[`query.${param}`] ??= kind;
  }
  const records = new Set<string>();
  for (const [path, kind] of Object.entries(refs)) {
    if (kind === 'idCard') continue;
    for (const value of valuesAt(sources, path.split('.'))) {
      const id = kind === 'user' ? toUserId(value) : toPK(value);
      if (id !== null && records.size < MAX_RECORDS) records.add(`${kind}:${id}`);
    }
  }
  return [...records];
}

/** The group a call named, also when it was refused (so that group's auditors see the attempt). */
async function groupOf(db: Db, request: FastifyRequest, endpoint: Endpoint): Promise<number | null> {
  if (request.employerPK !== null) return request.employerPK;
  const { scope } = endpoint;
  if (!request.user || scope.kind === 'user') return null;
  if (scope.kind === 'employer') {
    const [value] = valuesAt({ query: request.query, body: request.body }, [scope.in, ...scope.key.split('.')]);
    return toPK(value);
  }
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const [param, kind] of Object.entries(scope.refs)) {
    const id = toPK(query[param]);
    if (id !== null) return groupOfResource(db, kind, id);
  }
  return null;
}

type AccessRow = Pick<
  typeof auditEvents.$inferInsert,
  'actor' | 'actorEmail' | 'employerPK' | 'action' | 'endpoint' | 'status' | 'ip' | 'records'
>;

async function accessRow(
  db: Db,
  request: FastifyRequest,
  name: EndpointName,
  endpoint: Endpoint,
  status: number,
): Promise<AccessRow> {
  const refused = REFUSED.has(status);
  return {
    actor: request.user?.sub ?? 'anonymous',
    actorEmail: request.user?.email ?? null,
    employerPK: await groupOf(db, request, endpoint),
    action: refused || !endpoint.audit ? 'access.refused' : `access.${endpoint.audit.action}`,
    endpoint: name,
    status,
    ip: request.ip,
    records: recordsOf(request, endpoint),
  };
}

/** Rows of one statement at most; a busy replica's reads of the same moment share it. */
const MAX_BATCH_ROWS = 100;

/**
 * Access rows in one statement whose text never changes: the rows travel as one JSON parameter.
 * Building a multi-row insert cost about as much as a twentieth of a list call's own work.
 */
function insertAccessRows(db: Db, rows: readonly AccessRow[]) {
  const json = JSON.stringify(
    rows.map((r) => ({
      actor: r.actor,
      actor_email: r.actorEmail ?? null,
      employer_pk: r.employerPK ?? null,
      action: r.action,
      endpoint: r.endpoint ?? null,
      status: r.status ?? null,
      ip: r.ip ?? null,
      records: r.records ?? null,
    })),
  );
  return db.execute(sql`
    insert into audit_events (actor, actor_email, employer_pk, action, endpoint, status, ip, records)
    select actor, actor_email, employer_pk, action, endpoint, status, ip, records
    from jsonb_to_recordset(${json}::jsonb) as x(actor text, actor_email text, employer_pk int, action text,
      endpoint text, status int, ip text, records text[])`);
}

/**
 * Writes the rows of reads and refusals. Rows arriving in the same turn of the event loop go in as one
 * statement, so ten callers cost one round trip and one commit instead of ten; each caller still waits
 * for its own row to be stored before its answer leaves. Should the shared statement fail, each row is
 * tried on its own, so one bad row cannot cost another caller its answer.
 */
export function createAccessRowWriter(db: Db) {
  let queued: { row: AccessRow; done: (error?: unknown) => void }[] = [];
  const flush = async () => {
    const batch = queued;
    queued = [];
    if (batch.length === 0) return;
    try {
      await insertAccessRows(
        db,
        batch.map((entry) => entry.row),
      );
      for (const entry of batch) entry.done();
    } catch (error) {
      if (batch.length === 1) return batch[0]!.done(error);
      await Promise.all(
        batch.map((entry) =>
          db
            .insert(auditEvents)
            .values(entry.row)
            .then(() => entry.done(), entry.done),
        ),
      );
    }
  };
  return (row: AccessRow) =>
    new Promise<void>((resolve, reject) => {
      queued.push({ row, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (queued.length === 1) setImmediate(() => void flush());
      else if (queued.length >= MAX_BATCH_ROWS) void flush();
    });
}

function wantsRow(endpoint: Endpoint, status: number): boolean {
  // Past the limit on calls without a token, the window's count is the record (anonymous-call-limit.ts).
  if (status === 429) return false;
  return endpoint.audit !== undefined || (endpoint.scope.kind !== 'user' && REFUSED.has(status));
}

function answerHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * Runs a handler. A change runs inside a transaction that also writes its audit row, so the change
 * and its row commit together (a service's own transaction becomes a savepoint of this one). A change
 * with an Idempotency-Key claims it in that transaction and stores its answer there (idempotency.ts);
 * a refusal's answer is stored too, the change itself rolled back to a savepoint.
 */
export async function callAudited<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  call: (db: Db) => Promise<T>,
): Promise<T> {
  const found = endpointOf(request);
  if (found?.endpoint.audit?.action !== 'change' || found.endpoint.audit.oneTransaction === false) {
    const answer = await call(db);
    request.auditAnswer = answer;
    return answer;
  }
  const key = found.endpoint.responseType === 'json' ? idempotencyKeyOf(request) : null;
  const claim = key && {
    actor: request.user!.sub,
    key,
    fingerprint: requestFingerprint(found.name, request.query, request.body),
  };
  let refusal: HttpProblem | null = null;
  let answer: T;
  try {
    answer = await db.transaction(async (tx) => {
      const replay = claim ? await claimIdempotencyKey(tx, claim) : null;
      if (replay) {
        reply.header('idempotent-replayed', 'true');
        if (replay.status >= 400) throw replayedProblem(replay);
        reply.code(replay.status).headers(replay.headers);
        request.auditAnswer = replay.answer;
        await tx.insert(auditEvents).values({
          ...(await accessRow(tx, request, found.name, found.endpoint, replay.status)),
          detail: { replayed: true },
        });
        request.auditWritten = true;
        return replay.answer as T;
      }
      let result: T;
      if (!claim) {
        result = await call(tx);
      } else {
        try {
          result = await tx.transaction((savepoint) => call(savepoint));
        } catch (error) {
          if (!(error instanceof HttpProblem) || error.status >= 500) throw error;
          // The change is undone; the key keeps its refusal, which a retry gets again.
          await storeIdempotentAnswer(tx, claim, error.status, error);
          refusal = error;
          return undefined as T;
        }
      }
      request.auditAnswer = result;
      // The change's row goes in with the change, in its transaction.
      await tx.insert(auditEvents).values(await accessRow(tx, request, found.name, found.endpoint, reply.statusCode));
      request.auditWritten = true;
      if (claim) await storeIdempotentAnswer(tx, claim, reply.statusCode, result, answerHeaders(reply));
      return result;
    });
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 409 && error.extensions?.retryAfter !== undefined)
      reply.header('retry-after', String(error.extensions.retryAfter));
    throw error;
  }
  if (refusal) throw refusal;
  return answer;
}

/** Writes the row of every other audited outcome before the answer leaves (streamed files included). */
export function registerAccessAudit(app: FastifyInstance, db: Db) {
  app.decorateRequest('auditAnswer', null);
  app.decorateRequest('auditWritten', false);
  const write = createAccessRowWriter(db);
  app.addHook('onSend', async (request, reply, payload) => {
    const found = endpointOf(request);
    if (!found || request.auditWritten || !wantsRow(found.endpoint, reply.statusCode)) return payload;
    try {
      await write(await accessRow(db, request, found.name, found.endpoint, reply.statusCode));
    } catch (error) {
      // Fail closed: member data does not leave without its audit row.
      if (reply.statusCode < 400) {
        if (payload instanceof Readable) payload.destroy();
        throw error;
      }
      request.log.error({ err: error }, 'could not audit a refused call');
    }
    return payload;
  });
}
