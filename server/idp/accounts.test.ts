import { describe, expect, it } from 'vitest';
import { ROLES } from '../../src/contracts/permissions';
import { ACCOUNTS, DEMO_PASSWORD, verifyCredentials } from './accounts';

describe('demo accounts', () => {
  it('hold only known roles and no password', () => {
    for (const account of ACCOUNTS) {
      for (const group of account.groupRoles) expect(ROLES).toEqual(expect.arrayContaining(group.roles));
      expect(JSON.stringify(account)).not.toContain(DEMO_PASSWORD);
    }
  });

  it('give the broker groups 2, 3 and 4 in that order', () => {
    const broker = ACCOUNTS.find((a) => a.email === 'broker@example.com');
    expect(broker?.groupRoles.map((g) => g.GroupPK)).toEqual([2, 3, 4]);
  });

  it('accept the demo password with the email in any case, and nothing else', async () => {
    expect((await verifyCredentials(' HR@Example.com ', DEMO_PASSWORD))?.email).toBe('hr@example.com');
    expect(await verifyCredentials('hr@example.com', 'portal!2025')).toBeUndefined();
    expect(await verifyCredentials('nobody@example.com', DEMO_PASSWORD)).toBeUndefined();
  });
});
