import ky, { type KyInstance, type Progress } from 'ky';
import { problem as problemSchema, type Problem } from '../contracts/common';
import type { Endpoint, EndpointInput, EndpointResponse, Service } from '../contracts/endpoint';
import { notify, type Notice } from '../stores/notification-store';
import { userManager } from './auth';
import { config } from './config';
import { earlyAnswerFor } from './early-access-call';

/** Every failed call rejects with this; 400 problems keep their field `errors` for the forms. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(status: number, problem: Problem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const SESSION_EXPIRED_MESSAGE = 'Session Expired(401). Please retry your action or refresh your screen.';

async function addBearerToken(request: Request): Promise<void> {
  const user = await userManager.getUser();
  if (user?.access_token) request.headers.set('Authorization', `Bearer ${user.access_token}`);
}

function createClient(prefixUrl: string): KyInstance {
  return ky.create({
    prefixUrl,
    // TanStack Query decides about retries; failures are read here, not thrown by ky.
    retry: 0,
    throwHttpErrors: false,
    timeout: 60_000,
    // The entry may have sent the session check's call already (early-access-call.ts).
    hooks: { beforeRequest: [addBearerToken, earlyAnswerFor] },
  });
}

const clients: Record<Service, KyInstance> = {
  enrollment: createClient(config.api.enrollment),
  member: createClient(config.api.member),
  finance: createClient(config.api.finance),
};

type Scalar = string | number | boolean;

/** Flat key/value pairs; undefined and null are skipped, arrays repeat the key. */
function toParams(values: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (!values || typeof values !== 'object') return params;
  for (const [key, value] of Object.entries(values)) {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) if (item !== undefined && item !== null) params.append(key, String(item as Scalar));
  }
  return params;
}

const ACCEPT: Record<Endpoint['responseType'], string> = {
  json: 'application/json',
  pdf: 'application/pdf',
  csv: 'text/csv',
  x12: 'application/edi-x12',
  export: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, text/csv',
  document: 'application/pdf, image/jpeg, image/png',
};

export type CallOptions<T> = {
  /** False: the caller reports failures itself (the promise still rejects); a function decides per failure. */
  notify?: boolean | ((problem: Problem) => boolean);
  /** Called with the headers of a successful answer (e.g. a draft's ETag). */
  onHeaders?: (headers: Headers) => void;
  /** Resolve with this value instead of rejecting when the answer is 404 (e.g. DependentList). */
  notFound?: T;
  signal?: AbortSignal;
  /** File answers: called as the body arrives (totalBytes is 0 when the server streams without a length). */
  onDownloadProgress?: (progress: Progress) => void;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toProblem(body: unknown, status: number, statusText: string): Problem {
  const parsed = problemSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  if (Array.isArray(body)) {
    const first: unknown = body[0];
    const detail = isObject(first) && typeof first.errorMessage === 'string' ? first.errorMessage : undefined;
    return { title: 'Request failures', status, detail };
  }
  const title = isObject(body) && typeof body.title === 'string' ? body.title : statusText || 'Request failed';
  return { title, status };
}

type FailureKind = 'list' | 'fieldErrors' | 'sessionExpired' | 'notFound' | 'other';

/** The shared failure rules of spec 2 §8: what kind of failure, and what the user is told. */
function describeFailure(status: number, body: unknown, problem: Problem): { kind: FailureKind; notice?: Notice } {
  if (Array.isArray(body)) {
    const first: unknown = body[0];
    const message = isObject(first) && typeof first.errorMessage === 'string' ? first.errorMessage : undefined;
    return { kind: 'list', notice: { title: 'Request failures', message } };
  }
  if (isObject(body) && isObject(body.errors)) return { kind: 'fieldErrors' };
  if (status === 401) return { kind: 'sessionExpired', notice: { title: SESSION_EXPIRED_MESSAGE } };
  const bodyStatus = isObject(body) && typeof body.status === 'number' ? body.status : status;
  if (bodyStatus === 404) return { kind: 'notFound' };
  return { kind: 'other', notice: { title: `Action failed (${status})`, message: problem.detail ?? problem.title } };
}

async function failure<T>(response: Response, options: CallOptions<T>, path: string): Promise<T> {
  const body = await readBody(response);
  const problem = toProblem(body, response.status, response.statusText);
  if (response.status === 404 && 'notFound' in options) return options.notFound as T;

  const { kind, notice } = describeFailure(response.status, body, problem);
  // The fields named, never their values or messages (they may quote what was typed).
  if (kind === 'fieldErrors' && isObject(body) && isObject(body.errors)) {
    console.error(`Request rejected (${response.status} ${path}): ${Object.keys(body.errors).join(', ')}`);
  }
  // A 401 means the stored token is no good, whatever the body says.
  if (response.status === 401) await userManager.removeUser();
  const wanted = typeof options.notify === 'function' ? options.notify(problem) : options.notify !== false;
  if (notice && wanted) notify(notice);
  throw new ApiError(response.status, problem);
}

function requestBody(endpoint: Endpoint, body: unknown): { json?: unknown; body?: URLSearchParams | Blob } {
  if (body === undefined) return {};
  if (endpoint.bodyEncoding === 'file') return { body: body as Blob };
  return endpoint.bodyEncoding === 'form' ? { body: toParams(body) } : { json: body };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

let renewal: Promise<boolean> | undefined;

/** One silent renewal of the token, shared by the calls refused at the same time. */
function renewSilently(): Promise<boolean> {
  renewal ??= userManager
    .signinSilent()
    .then((user) => Boolean(user?.access_token))
    .catch(() => false)
    .finally(() => {
      renewal = undefined;
    });
  return renewal;
}

/**
 * Waits before a write is sent again with its key: the server's Retry-After, or 1, 2, 4 and 8 s.
 * About 15 s in all, the time a balancer takes to notice a replica gone or a database to restart.
 */
export const WRITE_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000];
/** Answers after which a keyed write may be sent again: a replica or the database was away, or the first try still runs. */
const RETRIED_STATUSES = new Set([409, 502, 503, 504]);

function retryDelay(response: Response | null, attempt: number): number {
  const seconds = Number(response?.headers.get('retry-after'));
  if (Number.isFinite(seconds) && seconds > 0) return Math.min(seconds, 30) * 1000;
  return WRITE_RETRY_DELAYS_MS[attempt]!;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/** Calls one endpoint of the table: typed input, parsed answer, shared failure handling. */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: CallOptions<EndpointResponse<E>> = {},
): Promise<EndpointResponse<E>> {
  const { query, body } = input as { query?: unknown; body?: unknown };
  // A change carries one key for all its tries, so the server applies it once however often it is sent.
  // Reads sent as POST (searches, lists) and uploads' files are not sent again here.
  const idempotencyKey =
    endpoint.audit?.action === 'change' && endpoint.audit.oneTransaction !== false && endpoint.bodyEncoding !== 'file'
      ? `"${crypto.randomUUID()}"`
      : null;
  const send = () =>
    clients[endpoint.service](endpoint.path.replace(/^\//, ''), {
      method: endpoint.method,
      searchParams: toParams(query),
      headers: {
        Accept: ACCEPT[endpoint.responseType],
        ...(endpoint.bodyEncoding === 'file' ? { 'Content-Type': 'application/octet-stream' } : {}),
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      signal: options.signal,
      onDownloadProgress: options.onDownloadProgress,
      ...requestBody(endpoint, body),
    });
  let response: Response | null = null;
  for (let attempt = 0; ; attempt += 1) {
    let unreachable: unknown = null;
    try {
      response = await send();
      // A refused token gets one silent renewal and the call one more try; a 401 after that stands.
      if (response.status === 401 && (await renewSilently())) response = await send();
    } catch (error) {
      if (isAbort(error)) throw error;
      unreachable = error;
      response = null;
    }
    const again =
      idempotencyKey !== null &&
      attempt < WRITE_RETRY_DELAYS_MS.length &&
      (unreachable !== null ||
        (response !== null &&
          RETRIED_STATUSES.has(response.status) &&
          (response.status !== 409 || response.headers.has('retry-after'))));
    if (!again) break;
    await sleep(retryDelay(response, attempt), options.signal);
  }
  if (response === null) {
    const problem: Problem = {
      title: 'Action failed',
      status: 0,
      detail: 'The server could not be reached. Please try again.',
    };
    if (options.notify !== false) notify({ title: problem.title, message: problem.detail });
    throw new ApiError(0, problem);
  }

  if (!response.ok) return failure(response, options, endpoint.path);
  options.onHeaders?.(response.headers);
  if (endpoint.responseType !== 'json') return (await response.blob()) as EndpointResponse<E>;
  const data = await readBody(response);
  const parsed = endpoint.response ? endpoint.response.safeParse(data) : { success: true as const, data };
  if (!parsed.success) {
    // An answer outside the contract is a failure too, not data to render.
    console.error(`Unexpected answer from ${endpoint.path}`, parsed.error);
    const problem: Problem = { title: 'Unexpected answer from the server', status: response.status };
    if (options.notify !== false) notify({ title: `Action failed (${response.status})`, message: problem.title });
    throw new ApiError(response.status, problem);
  }
  return parsed.data as EndpointResponse<E>;
}
