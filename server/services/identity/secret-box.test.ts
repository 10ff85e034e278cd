import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseSecretsKey } from './secret-box';

describe('secret box', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = createSecretBox(key);
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(box.seal(''))).toBe('');
    expect(box.open(box.seal('ünïcödé ✓'))).toBe('ünïcödé ✓');
  });

  it('refuses altered values and another key', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0]! ^= 1;
      return bytes.toString('base64url');
    };
    const failed = /failed authentication/;
    expect(() => box.open([v, iv, tag, flip(body)].join('.'))).toThrow(failed);
    expect(() => box.open([v, iv, flip(tag), body].join('.'))).toThrow(failed);
    expect(() => box.open([v, flip(iv), tag, body].join('.'))).toThrow(failed);
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow(failed);
    expect(() => box.open(sealed.replace(/^v1/, 'v2'))).toThrow(/malformed/);
    expect(() => box.open('v1.abc')).toThrow(/malformed/);
    expect(() => box.open([v, iv, tag.slice(0, 10), body].join('.'))).toThrow(/malformed/);
  });

  it('wants a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('parseSecretsKey', () => {
  const key = randomBytes(32);

  it('reads hex, base64 and base64url', () => {
    expect(parseSecretsKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretsKey(key.toString('hex').toUpperCase())).toEqual(key);
    expect(parseSecretsKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretsKey(`  ${key.toString('base64')}\n`)).toEqual(key);
    expect(parseSecretsKey(key.toString('base64url'))).toEqual(key);
  });

  it('refuses anything else without echoing it', () => {
    const bad = [
      key.toString('hex').slice(0, 62),
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      'correct horse battery staple',
      '',
    ];
    for (const value of bad) {
      let message = '';
      try {
        parseSecretsKey(value);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/^SECRETS_KEY must be 64 hex characters or the base64 of 32/);
      if (value) expect(message).not.toContain(value.slice(0, 8));
    }
  });
});
