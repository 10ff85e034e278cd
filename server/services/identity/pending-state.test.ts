import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSecretBox } from './secret-box';
import { openPending, sealPending } from './pending-state';

const box = createSecretBox(randomBytes(32));

describe('pending state between form steps', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens only for its purpose and binding, unaltered and before it expires', () => {
    // '@' is outside the sealed text's alphabet: found there, it could only be the plain text.
    const sealed = sealPending(box, 'signin', 'uid-1', { userId: 'user@1' }, 60);
    expect(sealed).not.toContain('@');
    expect(openPending(box, sealed, 'signin', 'uid-1')).toEqual({ userId: 'user@1' });
    expect(openPending(box, sealed, 'signin-enrol', 'uid-1')).toBeUndefined();
    expect(openPending(box, sealed, 'signin', 'uid-2')).toBeUndefined();
    // The body's first character carries six bits of it, all of them read: changed, it no longer opens.
    const body = sealed.lastIndexOf('.') + 1;
    const altered = `${sealed.slice(0, body)}${sealed[body] === 'A' ? 'B' : 'A'}${sealed.slice(body + 1)}`;
    expect(openPending(box, altered, 'signin', 'uid-1')).toBeUndefined();
    expect(openPending(createSecretBox(randomBytes(32)), sealed, 'signin', 'uid-1')).toBeUndefined();
    expect(openPending(box, undefined, 'signin', 'uid-1')).toBeUndefined();
    expect(openPending(box, 'garbage', 'signin', 'uid-1')).toBeUndefined();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(openPending(box, sealed, 'signin', 'uid-1')).toBeUndefined();
  });
});
