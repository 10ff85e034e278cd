import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openRegistration, PASSKEY_REGISTRATION_SECONDS, relyingPartyOf, sealRegistration } from './passkeys';
import { createSecretBox } from './secret-box';

describe('the sealed state of a passkey registration', () => {
  const box = createSecretBox(randomBytes(32));
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('gives the challenge back to the same user within five minutes', () => {
    const sealed = sealRegistration(box, 'user-1', 'the-challenge', now);
    expect(sealed).not.toContain('the-challenge');
    expect(openRegistration(box, sealed, 'user-1', now + 1000)).toBe('the-challenge');
    expect(openRegistration(box, sealed, 'user-1', now + PASSKEY_REGISTRATION_SECONDS * 1000 - 1)).toBe(
      'the-challenge',
    );
  });

  it('refuses it expired, for another user, altered or sealed under another key', () => {
    const sealed = sealRegistration(box, 'user-1', 'the-challenge', now);
    expect(openRegistration(box, sealed, 'user-1', now + PASSKEY_REGISTRATION_SECONDS * 1000)).toBeUndefined();
    expect(openRegistration(box, sealed, 'user-2', now)).toBeUndefined();
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = `${body.slice(0, -2)}${body.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(openRegistration(box, [v, iv, tag, flipped].join('.'), 'user-1', now)).toBeUndefined();
    expect(openRegistration(box, 'not sealed', 'user-1', now)).toBeUndefined();
    expect(openRegistration(createSecretBox(randomBytes(32)), sealed, 'user-1', now)).toBeUndefined();
    // Another form's sealed state is not a registration.
    const other = box.seal(JSON.stringify({ u: 'user-1', c: 'x', e: now + 1000 }));
    expect(openRegistration(box, other, 'user-1', now)).toBeUndefined();
  });
});

describe('the relying party', () => {
  it('is the host and origin of the public URL', () => {
    expect(relyingPartyOf('https://portal.example.com/')).toEqual({
      rpID: 'portal.example.com',
      origin: 'https://portal.example.com',
    });
    expect(relyingPartyOf('http://localhost:3100')).toEqual({ rpID: 'localhost', origin: 'http://localhost:3100' });
  });
});
