import { describe, expect, it } from 'vitest';
import { areaOfPath, canAccess, MENU, rolesInGroup } from './permissions';

describe('canAccess', () => {
  it('lets GroupAdmin into everything and everyone into the open areas', () => {
    expect(canAccess(['GroupAdmin'], 'claims')).toBe(true);
    expect(canAccess(['GroupAdmin'], 'approve')).toBe(true);
    expect(canAccess([], 'any')).toBe(true);
    expect(canAccess(['Reporting'], 'any')).toBe(true);
  });

  it('lets the Portal Administrator into everything, the Users screen included', () => {
    expect(canAccess(['Portal Administrator'], 'users')).toBe(true);
    expect(canAccess(['Portal Administrator'], 'accessReport')).toBe(true);
    expect(canAccess(['GroupAdmin'], 'users')).toBe(true);
    expect(canAccess(['HR', 'Broker', 'Auditor'], 'users')).toBe(false);
  });

  it('grants an area when any held role is listed, and nothing else', () => {
    expect(canAccess(['Funding', 'Invoice'], 'invoice')).toBe(true);
    expect(canAccess(['Funding', 'Invoice'], 'members')).toBe(false);
    expect(canAccess(['Broker'], 'approve')).toBe(false);
    expect(canAccess(['IDcard Only'], 'memberLookup')).toBe(true);
    expect(canAccess(['IDcard Only'], 'members')).toBe(false);
  });
});

describe('rolesInGroup', () => {
  it('counts only the roles of the named group', () => {
    const groups = [
      { GroupPK: 2, roles: ['HR' as const] },
      { GroupPK: 3, roles: ['ViewClaims' as const] },
    ];
    expect(rolesInGroup(groups, 3)).toEqual(['ViewClaims']);
    expect(rolesInGroup(groups, 4)).toEqual([]);
    expect(rolesInGroup(groups, null)).toEqual([]);
  });
});

describe('areaOfPath', () => {
  it('maps wizard steps to their flow and unknown paths to the open area', () => {
    expect(areaOfPath('/enroll-subscriber/choose-a-plan')).toBe('members');
    expect(areaOfPath('/claim-search')).toBe('claims');
    expect(areaOfPath('/invoice')).toBe('invoice');
    expect(areaOfPath('/invoices')).toBe('any');
    expect(areaOfPath('/')).toBe('any');
  });

  it('guards every menu path with the area of its entry', () => {
    for (const entry of MENU) {
      if ('path' in entry) expect(areaOfPath(entry.path), entry.label).toBe(entry.area);
    }
  });
});
