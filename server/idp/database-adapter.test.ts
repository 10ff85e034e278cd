import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { databaseAdapter } from './database-adapter';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);
afterAll(async () => t?.close());

describe('the provider’s storage', () => {
  it('keeps a logged-out session ended when a request that loaded it before the logout saves it after', async () => {
    const sessions = databaseAdapter(t.db)('Session');
    const signedIn = { accountId: 'user-hr', loginTs: 1_800_000_000, authorizations: { portal: { grantId: 'g1' } } };
    await sessions.upsert('s-race', signedIn, 3600);
    // Another tab's request has loaded the session…
    const loaded = await sessions.find('s-race');
    expect(loaded).toEqual(signedIn);
    // …the logout ends it…
    await sessions.destroy('s-race');
    expect(await sessions.find('s-race')).toBeUndefined();
    // …and that request, ending, saves what it loaded: the session stays ended.
    await sessions.upsert('s-race', loaded!, 3600);
    expect(await sessions.find('s-race')).toBeUndefined();

    // A session of its own id is saved and found as before.
    await sessions.upsert('s-other', signedIn, 3600);
    expect(await sessions.find('s-other')).toEqual(signedIn);
  });

  it('deletes other models outright, so a destroyed one can be stored again under its id', async () => {
    const interactions = databaseAdapter(t.db)('Interaction');
    await interactions.upsert('i-1', { uid: 'i-1', prompt: 'login' }, 600);
    await interactions.destroy('i-1');
    expect(await interactions.find('i-1')).toBeUndefined();
    await interactions.upsert('i-1', { uid: 'i-1', prompt: 'consent' }, 600);
    expect(await interactions.find('i-1')).toEqual({ uid: 'i-1', prompt: 'consent' });
  });
});
