import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';

const SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

describe('recovery codes', () => {
  it('makes ten distinct codes of four groups of four Crockford characters', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(SHAPE);
    expect(hashes).toEqual(codes.map((c) => createHash('sha256').update(c.replaceAll('-', '')).digest('hex')));
  });

  it('uses the whole alphabet evenly (80 random bits per code)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 100; i++)
      for (const ch of newRecoveryCodes().codes.join('').replaceAll('-', '')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(32);
    // 16,000 characters over 32 symbols: 500 each on average.
    for (const n of counts.values()) expect(n).toBeGreaterThan(350);
  });

  it('matches what the user types, whatever the case, spaces or dashes', () => {
    const { codes, hashes } = newRecoveryCodes();
    const code = codes[0]!;
    expect(recoveryCodeHash(code)).toBe(hashes[0]);
    expect(recoveryCodeHash(code.toLowerCase())).toBe(hashes[0]);
    expect(recoveryCodeHash(code.replaceAll('-', ' '))).toBe(hashes[0]);
    expect(recoveryCodeHash(` ${code.replaceAll('-', '')} `)).toBe(hashes[0]);
  });

  it('reads O as 0 and I or L as 1', () => {
    expect(recoveryCodeHash('0000-1111-2222-3333')).toBe(recoveryCodeHash('oOoO-iIlL-2222-3333'));
  });

  it('answers null for input that cannot be a code', () => {
    for (const bad of [
      '',
      'ABCD-EFGH-JKMN',
      'ABCD-EFGH-JKMN-PQRST',
      'ABCD-EFGH-JKMN-PQRU',
      'ABCD_EFGH_JKMN_PQRS',
      'x'.repeat(1000),
    ])
      expect(recoveryCodeHash(bad)).toBeNull();
  });
});
