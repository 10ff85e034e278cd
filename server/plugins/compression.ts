import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/** Smaller answers gain less than compressing them costs. */
const THRESHOLD_BYTES = 1024;
const JSON_TYPES = /^application\/(?:problem\+)?json\b/;

/**
 * Up to this size an answer is compressed on the spot (a 100-row page, ~80 kB, in about 0.3 ms);
 * larger ones on the thread pool, which costs more per call but keeps the event loop free.
 */
const AT_ONCE_BYTES = 128 * 1024;

// Brotli quality 2 and gzip level 3: a 15 kB page of the member list in ~60 µs and ~50 µs to 2.5 and
// 2.7 kB. Brotli's quality 4 saved 5 % more for twice the CPU; its default (11) is meant for files
// built once.
const brotliOptions = (data: Buffer) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
});
const gzipOptions = { level: 3 };
const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

const compressors = {
  br: async (data: Buffer) =>
    data.length <= AT_ONCE_BYTES
      ? brotliCompressSync(data, brotliOptions(data))
      : brotliLater(data, brotliOptions(data)),
  gzip: async (data: Buffer) =>
    data.length <= AT_ONCE_BYTES ? gzipSync(data, gzipOptions) : gzipLater(data, gzipOptions),
};
type Encoding = keyof typeof compressors;
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * JSON answers of 1 kB or more go out compressed to clients that accept it (registered in the API's
 * scope only): a page of the member list is ~17 kB as JSON and ~3 kB compressed, which a phone on a
 * slow network feels. Each answer is compressed in one call rather than piped through a stream (that
 * cost a list call as much CPU as the rest of its work). Files (PDF, CSV, 834, exports) stream out as
 * they are, with their own backpressure. Compression secrets (BREACH) need a cookie-borne secret
 * echoed beside attacker input; the API authenticates with a bearer header, so there is none.
 * Compressed request bodies are not accepted.
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!JSON_TYPES.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    reply.header('vary', 'accept-encoding');
    const data = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (data.length < THRESHOLD_BYTES || request.method === 'HEAD' || reply.hasHeader('content-encoding'))
      return payload;
    // Not the negotiator's cache: it keeps every header value ever sent, with no bound.
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS) as Encoding | null;
    if (!encoding) return payload;
    const compressed = await compressors[encoding](data);
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return compressed;
  });
}
