import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readUploadBody } from './upload-body';

const pieces = (...texts: string[]) => Readable.from(texts.map((t) => Buffer.from(t)));

describe('readUploadBody', () => {
  it('reads an announced body into one buffer that owns its memory, so it can move to a worker', async () => {
    const body = await readUploadBody(pieces('Employee Key,', 'SSN\r\n', 'B1,123-45-6789\r\n'), 34, { limit: 100 });
    expect(body.toString()).toBe('Employee Key,SSN\r\nB1,123-45-6789\r\n');
    expect(body.byteOffset).toBe(0);
    expect(body.buffer.byteLength).toBe(34);
  });

  it('reads a body of no announced length (chunked) whole', async () => {
    const body = await readUploadBody(pieces('ISA*', '00~', 'IEA*1~'), null, { limit: 100 });
    expect(body.toString()).toBe('ISA*00~IEA*1~');
  });

  it('refuses an announced length past the limit before reading anything', async () => {
    const stream = pieces('x'.repeat(10));
    await expect(readUploadBody(stream, 101, { limit: 100 })).rejects.toMatchObject({
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
    });
  });

  it('refuses a chunked body once it passes the limit', async () => {
    await expect(readUploadBody(pieces('a'.repeat(60), 'b'.repeat(60)), null, { limit: 100 })).rejects.toMatchObject({
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
  });

  it('refuses a body shorter or longer than announced', async () => {
    await expect(readUploadBody(pieces('abc'), 5, { limit: 100 })).rejects.toMatchObject({
      code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    });
    await expect(readUploadBody(pieces('abcdef'), 5, { limit: 100 })).rejects.toMatchObject({
      code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    });
  });

  it('reads an announced empty body as empty', async () => {
    expect((await readUploadBody(pieces(), 0, { limit: 100 })).length).toBe(0);
  });

  it('answers 400 when the connection fails mid-upload', async () => {
    const stream = new Readable({ read() {} });
    const reading = readUploadBody(stream, 10, { limit: 100 });
    stream.push(Buffer.from('abc'));
    stream.destroy(new Error('aborted'));
    await expect(reading).rejects.toMatchObject({ message: 'aborted', statusCode: 400 });
  });
});
