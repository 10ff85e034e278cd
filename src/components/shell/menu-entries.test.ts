import { describe, expect, it } from 'vitest';
import type { GroupRoles, Role } from '../../contracts/permissions';
import { pageLabelOf, visibleMenu } from './menu-entries';

const ALL = [
  'Home',
  'Broker',
  'Enroll Subscriber',
  'Upload Enrollments',
  'Update Subscriber/Dependent Demographics',
  'Terminate Subscriber/Dependent',
  'Change Coverage',
  'Enrollment Submissions',
  'Carrier Files',
  'Coverage Inquiry',
  'Claim Search',
  'ID Card',
  'Census Report',
  'Claims Funding Report',
  'Admin Invoice',
  'Monthly Reports',
  'Access Report',
  'Users',
  'Open Enrollment',
  'Plans and Rates',
  'Privacy',
];

/** The Portal Administrator's menu: every entry, Group Setup included (a GroupAdmin does not get it). */
const OPERATOR = [...ALL.slice(0, -1), 'Group Setup', 'Privacy'];

const MEMBER_ADMIN = [
  'Home',
  'Broker',
  'Enroll Subscriber',
  'Upload Enrollments',
  'Update Subscriber/Dependent Demographics',
  'Terminate Subscriber/Dependent',
  'Change Coverage',
  'Enrollment Submissions',
  'Carrier Files',
  'Coverage Inquiry',
  'ID Card',
  'Census Report',
  'Open Enrollment',
  'Privacy',
];

const labels = (groupRoles: GroupRoles[], current: number | null) =>
  visibleMenu(groupRoles, current).map((e) => e.label);
const inGroup2 = (...roles: Role[]): GroupRoles[] => [{ GroupPK: 2, roles }];

describe('visibleMenu', () => {
  it.each<[string, Role[], string[]]>([
    ['HR', ['HR'], MEMBER_ADMIN],
    ['Broker', ['Broker'], MEMBER_ADMIN],
    ['GroupAdmin', ['GroupAdmin'], ALL],
    ['Portal Administrator', ['Portal Administrator'], OPERATOR],
    ['IDcard Only', ['IDcard Only'], ['Home', 'ID Card', 'Privacy']],
    ['ViewClaims', ['ViewClaims'], ['Home', 'Claim Search', 'Privacy']],
    ['Funding + Invoice', ['Funding', 'Invoice'], ['Home', 'Claims Funding Report', 'Admin Invoice', 'Privacy']],
    ['Reporting', ['Reporting'], ['Home', 'Monthly Reports', 'Privacy']],
    ['Auditor', ['Auditor'], ['Home', 'Access Report', 'Privacy']],
    ['Member', ['Member'], ['Home', 'My Benefits', 'Privacy']],
    ['no role', [], ['Home', 'Privacy']],
  ])('%s sees exactly its entries in order', (_name, roles, expected) => {
    expect(labels(inGroup2(...roles), 2)).toEqual(expected);
  });

  it('counts only the roles of the current group', () => {
    const groupRoles: GroupRoles[] = [
      { GroupPK: 2, roles: ['IDcard Only'] },
      { GroupPK: 3, roles: ['ViewClaims'] },
    ];
    expect(labels(groupRoles, 2)).toEqual(['Home', 'ID Card', 'Privacy']);
    expect(labels(groupRoles, 3)).toEqual(['Home', 'Claim Search', 'Privacy']);
    expect(labels(groupRoles, 4)).toEqual(['Home', 'Privacy']);
    expect(labels(groupRoles, null)).toEqual(['Home', 'Privacy']);
  });
});

describe('pageLabelOf', () => {
  it('uses the exact menu label, else the label of the same section', () => {
    expect(pageLabelOf('/')).toBe('Home');
    expect(pageLabelOf('/claim-search')).toBe('Claim Search');
    expect(pageLabelOf('/enroll-subscriber/choose-a-plan')).toBe('Enroll Subscriber');
    expect(pageLabelOf('/update-subscriber/update-personal-information')).toBe(
      'Update Subscriber/Dependent Demographics',
    );
    expect(pageLabelOf('/terminate-subscriber/information')).toBe('Terminate Subscriber/Dependent');
  });
});
