import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash';

describe('password hashing', () => {
  it('encodes scrypt parameters, a 16-byte salt and the hash', async () => {
    const encoded = await hashPassword('correct horse battery staple');
    const match = /^scrypt\$N=16384,r=8,p=1\$([^$]+)\$([^$]+)$/.exec(encoded);
    expect(match).not.toBeNull();
    expect(Buffer.from(match![1]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(match![2]!, 'base64')).toHaveLength(32);
  });

  it('salts each hash, so one password gives different hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same password here'), hashPassword('same password here')]);
    expect(a).not.toBe(b);
  });

  it('accepts the password and refuses any other', async () => {
    const encoded = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', encoded)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', encoded)).toBe(false);
    expect(await verifyPassword('Correct horse battery staple', encoded)).toBe(false);
    expect(await verifyPassword('', encoded)).toBe(false);
  });

  it('normalises to NFKC, so composed and decomposed forms match', async () => {
    const composed = 'caf\u00e9 au lait, s\u2019il vous pla\u00eet';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
    // Compatibility forms too: the ligature "ﬁ" is "fi".
    expect(await verifyPassword('\ufb01ne print matters', await hashPassword('fine print matters'))).toBe(true);
  });

  it('answers false without a hash, after the same work as a real check', async () => {
    const encoded = await hashPassword('correct horse battery staple');
    const time = async (hash: string | null) => {
      const start = performance.now();
      for (let i = 0; i < 3; i++) await verifyPassword('guess guess guess', hash);
      return performance.now() - start;
    };
    await time(null); // warm-up
    const [missing, real] = [await time(null), await time(encoded)];
    expect(await verifyPassword('anything', null)).toBe(false);
    // Both run one scrypt of the same cost; a skipped scrypt would be ~100x faster.
    expect(missing).toBeGreaterThan(real * 0.2);
  });

  it('refuses unreadable or abusive stored strings as if there were none', async () => {
    const encoded = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', 'plain-text')).toBe(false);
    expect(await verifyPassword('correct horse battery staple', encoded.replace('N=16384', 'N=1048577'))).toBe(false);
    expect(await verifyPassword('correct horse battery staple', encoded.replace('N=16384', 'N=16385'))).toBe(false);
    expect(await verifyPassword('correct horse battery staple', encoded.replace('N=16384', 'N=2097152'))).toBe(false);
  });
});
