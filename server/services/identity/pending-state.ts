import type { SecretBox } from './secret-box';

/**
 * The state a multi-step form carries between its steps (first factor passed, password chosen, TOTP
 * secret offered), sealed with the secrets key (AES-256-GCM) into a hidden field: the browser can
 * neither read nor alter it. Each is bound to a purpose and to what the steps belong to (the
 * interaction uid or the link's token hash) and expires, so it cannot be replayed elsewhere or later.
 * A password is never in it, only its hash.
 */
type Envelope = { p: string; b: string; e: number; d: unknown };

export function sealPending(
  box: SecretBox,
  purpose: string,
  boundTo: string,
  data: object,
  ttlSeconds: number,
): string {
  const envelope: Envelope = { p: purpose, b: boundTo, e: Date.now() + ttlSeconds * 1000, d: data };
  return box.seal(JSON.stringify(envelope));
}

/** The data of a sealed state of this purpose and binding, or undefined (altered, other purpose, expired). */
export function openPending<T>(box: SecretBox, sealed: unknown, purpose: string, boundTo: string): T | undefined {
  if (typeof sealed !== 'string' || sealed.length === 0 || sealed.length > 4096) return undefined;
  let envelope: Envelope;
  try {
    envelope = JSON.parse(box.open(sealed)) as Envelope;
  } catch {
    return undefined;
  }
  if (envelope.p !== purpose || envelope.b !== boundTo || !(envelope.e > Date.now())) return undefined;
  return envelope.d as T;
}
