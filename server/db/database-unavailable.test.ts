import { describe, expect, it } from 'vitest';
import { databaseUnavailableReason, isDatabaseUnavailable } from './database-unavailable';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** How drizzle hands a driver error on. */
const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: select 1\nparams: '), { cause }) as Error & { cause: unknown };

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['reset', coded('ECONNRESET', 'read ECONNRESET')],
    ['broken pipe', coded('EPIPE', 'write EPIPE')],
    ['host unreachable', coded('EHOSTUNREACH')],
    ['name not found', coded('ENOTFOUND', 'getaddrinfo ENOTFOUND db')],
    ['admin_shutdown', coded('57P01', 'terminating connection due to administrator command')],
    ['crash_shutdown', coded('57P02')],
    ['cannot_connect_now', coded('57P03', 'the database system is starting up')],
    ['too_many_connections', coded('53300', 'sorry, too many clients already')],
    [
      'disk_full (PostgreSQL or the embedded database)',
      coded('53100', 'could not extend file "base/5/17140": No space left on device'),
    ],
    ['io_error', coded('58030', 'could not write to file "pg_wal/xlogtemp.42": Input/output error')],
    ['a full disk under the database in-process', coded('ENOSPC', 'ENOSPC: no space left on device, write')],
    ['a read-only disk under the database in-process', coded('EROFS', 'EROFS: read-only file system')],
    ['a failing disk', coded('EIO')],
    ['a read-only disk under PostgreSQL', coded('42501', 'could not create file "base/5/1234": Read-only file system')],
    ['connection_exception', coded('08006')],
    ['connection_does_not_exist', coded('08003')],
    ['protocol_violation', coded('08P01')],
    ['a connection closed under a query', new Error('Connection terminated unexpectedly')],
    ['a connection closed on close', new Error('Connection terminated')],
    ["the pool's connect timeout", new Error('Connection terminated due to connection timeout')],
    ["the pool's wait for a connection", new Error('timeout exceeded when trying to connect')],
    ["a client's own connect timeout", new Error('timeout expired')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
  ])('is true for %s, bare or wrapped', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(wrapped(error)))).toBe(true);
  });

  it('looks into an AggregateError of several addresses', () => {
    const error = new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], '');
    expect(databaseUnavailableReason(wrapped(error))).toBe('ECONNREFUSED');
  });

  it('names the reason: the code, else the message', () => {
    expect(databaseUnavailableReason(wrapped(coded('57P01')))).toBe('57P01');
    expect(databaseUnavailableReason(new Error('timeout exceeded when trying to connect'))).toBe(
      'timeout exceeded when trying to connect',
    );
  });

  it.each([
    ['a unique violation', coded('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', coded('42601')],
    ['a missing grant', coded('42501', 'permission denied for table members')],
    ['a statement timeout', coded('57014', 'canceling statement due to statement timeout')],
    ['a serialization failure', coded('40001')],
    ['a stream closed early', coded('ERR_STREAM_PREMATURE_CLOSE', 'Premature close')],
    ['a plain error', new Error('something else')],
    ['a message merely mentioning a connection', new Error('Failed query: Connection terminated')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
    ['null', null],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('stops on a cycle of causes', () => {
    const error = wrapped(undefined);
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
