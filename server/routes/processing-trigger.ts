// A way for browser tests to run the processing worker once, at the moment they choose, instead of
// waiting for its timer. Registered only when PROCESSING_TRIGGER_TOKEN is set, which the demo and
// production never do; without it the path does not exist (404).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { HttpProblem } from '../lib/problem';
import { sameSecret } from '../lib/same-secret';
import { processPendingRequests } from '../services/processing';

export const PROCESSING_TRIGGER_PATH = '/api/processing/run';
export const PROCESSING_TOKEN_HEADER = 'x-processing-token';

type ProcessingTriggerOptions = { db: Db; token: string };

export async function processingTriggerRoutes(app: FastifyInstance, opts: ProcessingTriggerOptions) {
  app.post(PROCESSING_TRIGGER_PATH, async (request, reply) => {
    const given = request.headers[PROCESSING_TOKEN_HEADER];
    if (typeof given !== 'string' || given === '') {
      throw new HttpProblem(401, 'Unauthorized', `The ${PROCESSING_TOKEN_HEADER} header is required.`);
    }
    if (!sameSecret(given, opts.token)) throw new HttpProblem(403, 'Forbidden', 'The processing token is wrong.');

    const outcomes = await processPendingRequests(opts.db, {
      onError: (err, requestPK) => request.log.error({ err, requestPK }, 'request processing failed'),
    });
    reply.header('cache-control', 'no-store');
    return { outcomes };
  });
}
