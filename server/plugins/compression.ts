import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API answers of 1 kB or more go out compressed to browsers that accept it (registered in the API's
 * scope only): a page of the member list is ~17 kB as JSON and ~3 kB compressed, which a phone on a
 * slow network feels. Brotli at quality 4
 * costs about as much CPU as gzip's default; the default quality (11) is meant for files built once.
 * Compression secrets (BREACH) need a cookie-borne secret echoed beside attacker input; the API
 * authenticates with a bearer header, so there is none. Compressed request bodies are not accepted.
 * The API's file answers opt out (routes/api.ts): they stream out as they are.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
