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
    const sealed = sealPending(box, 'signin', 'uid-1', { userId: 'u1' }, 60);
    expect(sealed).not.toContain('u1');
    expect(openPending(box, sealed, 'signin', 'uid-1')).toEqual({ userId: 'u1' });
    expect(openPending(box, sealed, 'signin-enrol', 'uid-1')).toBeUndefined();
    expect(openPending(box, sealed, 'signin', 'uid-2')).toBeUndefined();
    expect(openPending(box, `${sealed.slice(0, -2)}AA`, 'signin', 'uid-1')).toBeUndefined();
    expect(openPending(createSecretBox(randomBytes(32)), sealed, 'signin', 'uid-1')).toBeUndefined();
    expect(openPending(box, undefined, 'signin', 'uid-1')).toBeUndefined();
    expect(openPending(box, 'garbage', 'signin', 'uid-1')).toBeUndefined();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(openPending(box, sealed, 'signin', 'uid-1')).toBeUndefined();
  });
});
