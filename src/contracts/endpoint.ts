import type { z } from 'zod';
import type { Area } from './permissions';

/** The three service bases of the spec; the SPA reads their URLs from its environment. */
export type Service = 'enrollment' | 'member' | 'finance';

export const SERVICE_PREFIX: Record<Service, string> = {
  enrollment: '/api/enrollment',
  member: '/api/member',
  finance: '/api/finance',
};

/** Kinds of record whose employer group the server looks up before answering. */
export type ResourceKind = 'subscriber' | 'dependent' | 'request' | 'claim' | 'idCard';

/**
 * Where the server finds the employer group a call names:
 * - `employer`: an explicit employerPK in the query or body;
 * - `resource`: the group of the record named by the first present parameter;
 * - `user`: no group (lookups, page views): any signed-in user who belongs to a group.
 */
type GroupScope =
  | { kind: 'employer'; in: 'query' | 'body'; key: string }
  | { kind: 'resource'; in: 'query'; refs: Readonly<Record<string, ResourceKind>> }
  | { kind: 'user' };

/** Kinds of member record an audit row names. */
export const AUDIT_RECORD_KINDS = ['subscriber', 'dependent', 'request', 'claim', 'user', 'import'] as const;
export type AuditRecordKind = (typeof AUDIT_RECORD_KINDS)[number];

/**
 * An endpoint that reads or changes member data leaves one access-audit row per call. `records` maps
 * where record ids are found to their kind: `query.x`, `body.x`, `answer.x`, with `[]` for each item
 * of a list (e.g. `answer.list[].subscriberPK`), so a list call names the rows of the page it answered.
 */
type AuditSpec = {
  action: 'read' | 'change';
  records?: Readonly<Record<string, AuditRecordKind>>;
  /**
   * A change runs in one transaction with its audit row, unless this is false: a long change made in
   * steps (an upload of 100,000 rows) would hold the embedded database's one connection for its whole
   * length. Its row is then written when the answer leaves, failing closed as a read's does.
   */
  oneTransaction?: false;
};

export type Endpoint = {
  service: Service;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  summary: string;
  area: Area;
  scope: GroupScope;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The spec sends the request list form-encoded; an upload sends the file's bytes as they are
   * (`application/octet-stream`, its other inputs in the query); everything else is JSON.
   */
  bodyEncoding?: 'json' | 'form' | 'file';
  /** Largest `file` body, in bytes (IMPORT_MAX_BYTES when not given). */
  fileLimit?: number;
  /**
   * `json` answers are parsed with `response`; file answers are returned as a Blob. An `export` is a
   * spreadsheet or CSV file, as the call's `format` asks; a `document` is a PDF or an image a user uploaded.
   */
  responseType: 'json' | 'pdf' | 'csv' | 'x12' | 'export' | 'document';
  response?: z.ZodType;
  /** Set on every call of member data (PHI); see AuditSpec. */
  audit?: AuditSpec;
  /**
   * Names the call had before it took its journey's name. The audit trail is append-only, so older rows
   * keep them; the Access Report shows and filters those rows under the current name.
   */
  formerNames?: readonly string[];
};

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export function endpointUrl(endpoint: Pick<Endpoint, 'service' | 'path'>): string {
  return `${SERVICE_PREFIX[endpoint.service]}${endpoint.path}`;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

type EndpointQuery<E extends Endpoint> = InferIn<E['query']>;
export type EndpointBody<E extends Endpoint> = InferIn<E['body']>;
export type EndpointResponse<E extends Endpoint> = E['responseType'] extends 'json' ? Infer<E['response']> : Blob;
export type EndpointInput<E extends Endpoint> = (E['query'] extends z.ZodType
  ? { query: EndpointQuery<E> }
  : { query?: undefined }) &
  (E['body'] extends z.ZodType
    ? { body: EndpointBody<E> }
    : E['bodyEncoding'] extends 'file'
      ? { body: Blob }
      : { body?: undefined });
