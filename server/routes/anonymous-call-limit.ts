// API calls without a valid token are limited per client address and fixed window, so that a flood of
// them can neither keep the API busy nor grow the append-only audit without bound. The counts live in
// the database (`anonymous_call_windows`), where every replica adds to them. Up to the limit each
// refused call leaves its own `access.refused` row (access-audit.ts); past it the call is answered 429
// and leaves none, and when the window closes one `access.throttled` row records how many there were.
// So an address adds at most limit + 1 audit rows per window.
import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { anonymousCallWindows } from '../db/schema';
import { startIntervalWorker, type IntervalWorker } from '../lib/interval-worker';
import { tooManyRequests } from '../lib/problem';

export type AnonymousCallPolicy = {
  /** Calls without a valid token an address may make in one window before it is answered 429. */
  callsPerWindow: number;
  windowSeconds: number;
};

/** Milliseconds since the epoch; replicas' clocks agree closely enough for minute windows. */
export type Clock = () => number;

/** The start of the window `now` falls in; windows are aligned to the epoch so replicas share them. */
export function windowStartOf(now: number, policy: Pick<AnonymousCallPolicy, 'windowSeconds'>): number {
  const windowMs = policy.windowSeconds * 1000;
  return Math.floor(now / windowMs) * windowMs;
}

function ipv6Groups(address: string): number[] | null {
  const [head = '', tail] = address.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = 8 - left.length - right.length;
  return zeros < 0 ? null : [...left, ...new Array<number>(zeros).fill(0), ...right];
}

/**
 * The key an address is counted under: IPv4 as it is (an IPv4-mapped IPv6 address too), IPv6 as its
 * /64, since one client is usually given a whole /64 and could otherwise step through it.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const prefix = ipv6Groups(address)?.slice(0, 4);
  return prefix ? `${prefix.map((group) => group.toString(16)).join(':')}::/64` : address;
}

/**
 * Counts one call for the address in the window, and whether it is over the limit; answers the
 * window's count so far, this call included. One statement, so replicas counting at once lose none.
 */
export async function countAnonymousCall(db: Db, address: string, windowStart: number, limit: number): Promise<number> {
  const [row] = await db
    .insert(anonymousCallWindows)
    .values({ address, windowStart: new Date(windowStart), calls: 1, throttled: 1 > limit ? 1 : 0 })
    .onConflictDoUpdate({
      target: [anonymousCallWindows.address, anonymousCallWindows.windowStart],
      set: {
        calls: sql`${anonymousCallWindows.calls} + 1`,
        throttled: sql`${anonymousCallWindows.throttled} + (${anonymousCallWindows.calls} + 1 > ${limit}::int)::int`,
      },
    })
    .returning({ calls: anonymousCallWindows.calls });
  return row?.calls ?? 1;
}

export type AnonymousCallLimit = {
  /**
   * Counts a call refused for want of a valid token. Throws a 429 problem (with `Retry-After` set)
   * once the address is over the limit; otherwise returns and the call is refused 401 as before,
   * also when the count could not be written.
   */
  count(request: FastifyRequest, reply: FastifyReply): Promise<void>;
};

export function createAnonymousCallLimit(
  db: Db,
  policy: AnonymousCallPolicy,
  clock: Clock = Date.now,
): AnonymousCallLimit {
  return {
    async count(request, reply) {
      const now = clock();
      const windowStart = windowStartOf(now, policy);
      let calls: number;
      try {
        calls = await countAnonymousCall(db, addressKey(request.ip), windowStart, policy.callsPerWindow);
      } catch (error) {
        // The limit protects the service; losing one count must not turn a refusal into a 500.
        request.log.warn({ err: error }, 'could not count a call without a valid token');
        return;
      }
      if (calls <= policy.callsPerWindow) return;
      const seconds = Math.max(1, Math.ceil((windowStart + policy.windowSeconds * 1000 - now) / 1000));
      reply.header('retry-after', String(seconds));
      throw tooManyRequests(
        `Too many calls without a valid token from this address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      );
    },
  };
}

export type ClosedWindows = {
  /** Windows deleted. */
  closed: number;
  /** Of them, those with calls answered 429, each now one `access.throttled` audit row. */
  throttled: number;
};

/**
 * Deletes the windows that ended at least one window ago (a replica whose clock runs a little behind
 * may still be counting in the last one) and, in the same statement, writes one `access.throttled`
 * row for each that had calls answered 429, with its counts. Replicas may run it at once: a window
 * deleted by one is skipped by the other, so it is summarised once.
 */
export async function closeAnonymousCallWindows(
  db: Db,
  policy: Pick<AnonymousCallPolicy, 'windowSeconds'>,
  now: number,
): Promise<ClosedWindows> {
  const before = new Date(windowStartOf(now, policy) - policy.windowSeconds * 1000).toISOString();
  const { rows } = await db.execute<ClosedWindows>(sql`
    with closed as (
      delete from anonymous_call_windows where window_start < ${before}::timestamptz
      returning address, window_start, calls, throttled
    ), summarised as (
      insert into audit_events (actor, action, status, ip, detail)
      select 'anonymous', 'access.throttled', 429, address,
        jsonb_build_object(
          'windowStart', window_start,
          'windowSeconds', ${policy.windowSeconds}::int,
          'calls', calls,
          'throttled', throttled
        )
      from closed where throttled > 0
      returning 1
    )
    select (select count(*) from closed)::int as closed, (select count(*) from summarised)::int as throttled`);
  return { closed: Number(rows[0]?.closed ?? 0), throttled: Number(rows[0]?.throttled ?? 0) };
}

/** Every window's length, closes the windows that are done; any replica may. */
export function startAnonymousCallWindowCloser(
  db: Db,
  policy: AnonymousCallPolicy,
  clock: Clock,
  onClosed: (closed: ClosedWindows) => void,
  onError: (error: unknown) => void,
): IntervalWorker {
  return startIntervalWorker(
    policy.windowSeconds * 1000,
    async () => onClosed(await closeAnonymousCallWindows(db, policy, clock())),
    onError,
  );
}
