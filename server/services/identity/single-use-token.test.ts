import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { linkTokenHash, newLinkToken } from './single-use-token';

describe('single-use link tokens', () => {
  it('makes 256-bit base64url tokens, stored as their SHA-256', () => {
    const { token, hash } = newLinkToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(linkTokenHash(token)).toBe(hash);
  });

  it('never repeats a token', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newLinkToken().token));
    expect(tokens.size).toBe(1000);
  });

  it('answers null for input that cannot be a token', () => {
    const { token } = newLinkToken();
    for (const bad of ['', token.slice(1), `${token}A`, `${token.slice(1)}=`, `${token.slice(1)}+`, 'x'.repeat(10_000)])
      expect(linkTokenHash(bad)).toBeNull();
  });
});
