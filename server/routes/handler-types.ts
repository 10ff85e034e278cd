import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../src/contracts/endpoint';
import type { EndpointName, Endpoints } from '../../src/contracts/endpoints';
import type { AuthUser } from '../auth/verify-token';
import type { Db } from '../db/client';
import type { FileAnswer } from '../lib/file-answer';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

type HandlerContext<E extends Endpoint> = {
  db: Db;
  user: AuthUser;
  /** The employer group the call was authorised for (null for user-scoped calls). */
  employerPK: E['scope'] extends { kind: 'user' } ? null : number;
  query: Out<E['query']>;
  /** An upload's bytes for a `file` endpoint; otherwise the parsed body. */
  body: E['bodyEncoding'] extends 'file' ? Buffer : Out<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
};

type HandlerResult<E extends Endpoint> = E['responseType'] extends 'json' ? Out<E['response']> : FileAnswer;

export type Handler<E extends Endpoint> = (ctx: HandlerContext<E>) => Promise<HandlerResult<E>>;

export type Handlers = { [K in EndpointName]?: Handler<Endpoints[K]> };
