/** `<meta name>` through which the server hands the SPA its idle timeout (minutes) at run time. */
export const IDLE_TIMEOUT_META = 'idle-timeout-minutes';

export const DEFAULT_IDLE_TIMEOUT_MINUTES = 15;
export const DEFAULT_SESSION_MAX_HOURS = 12;

/** The authorization request's parameter that makes the sign-in page say why the user was signed out. */
export const SIGNED_OUT_PARAM = 'signed_out';
export const SIGNED_OUT_INACTIVITY = 'inactivity';

/** The warning comes 2 minutes before an idle logoff, or halfway through a shorter timeout. */
export function idleWarningLeadMs(timeoutMs: number): number {
  return Math.min(2 * 60_000, timeoutMs / 2);
}
