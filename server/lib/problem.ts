import type { FastifyReply } from 'fastify';

/** An error that becomes a problem body (RFC 9457) with its status. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
    /** Extension members of the body (RFC 9457 §3.2), e.g. a conflict's current version. */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(detail ?? title);
  }
}

export const notFound = (detail = 'The requested record was not found.') => new HttpProblem(404, 'Not Found', detail);
export const forbidden = (detail = 'You do not have access to this employer group.') =>
  new HttpProblem(403, 'Forbidden', detail);
export const conflict = (detail: string, extensions?: Record<string, unknown>) =>
  new HttpProblem(409, 'Conflict', detail, undefined, extensions);
export const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new HttpProblem(400, 'Bad Request', detail, errors);
/** The caller sets `Retry-After` on the reply; the body says the same in words. */
export const tooManyRequests = (detail: string) => new HttpProblem(429, 'Too Many Requests', detail);

export function sendProblem(reply: FastifyReply, problem: HttpProblem) {
  return reply
    .status(problem.status)
    .type('application/problem+json')
    .send({
      ...problem.extensions,
      type: 'about:blank',
      title: problem.title,
      status: problem.status,
      ...(problem.detail ? { detail: problem.detail } : {}),
      ...(problem.errors ? { errors: problem.errors } : {}),
    });
}
