// An uploaded file's bytes, read into one buffer of the size the request announces. Gathering the
// socket's chunks and joining them at the end (Fastify's `parseAs: 'buffer'`) holds the file twice
// until the end, and the chunks' memory until a later collection: for a 20 MB roster that was 40 MB
// more of the serving process at its peak. Here each chunk is copied in and let go at once, and the
// buffer owns its memory, so it can move to the upload's worker thread rather than be copied there.
import type { Readable } from 'node:stream';
import { errorCodes, type FastifyRequest } from 'fastify';

type ByteLimit = { limit: number };

function tooLarge(): Error {
  return new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
}

/** Reads `payload` whole; refuses it, as Fastify does, past `limit` or when it differs from its announced length. */
export function readUploadBody(payload: Readable, announced: number | null, { limit }: ByteLimit): Promise<Buffer> {
  if (announced !== null && announced > limit) {
    payload.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    // Taken when the first bytes arrive, not for an announcement alone. Without an announced length
    // (chunked), the chunks are joined at the end.
    let into: Buffer | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    const settle = (error: Error | null) => {
      payload.off('data', onData).off('end', onEnd).off('error', onError);
      if (error) {
        payload.resume();
        reject(error);
      }
    };
    const onData = (chunk: Buffer) => {
      if (announced !== null) into ??= Buffer.allocUnsafeSlow(announced);
      if (received + chunk.length > (into ? into.length : limit)) {
        settle(
          into && received + chunk.length <= limit ? new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH() : tooLarge(),
        );
        return;
      }
      if (into) chunk.copy(into, received);
      else chunks.push(chunk);
      received += chunk.length;
    };
    const onEnd = () => {
      settle(null);
      if (announced !== null && received !== announced) reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      else resolve(into ?? Buffer.concat(chunks, received));
    };
    const onError = (error: Error & { statusCode?: number }) => {
      error.statusCode ??= 400;
      settle(error);
    };
    payload.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** The announced length of a request's body, or null when it has none (chunked). */
export function announcedLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  if (header === undefined) return null;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}
