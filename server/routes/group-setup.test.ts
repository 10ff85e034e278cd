import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AccountGroups } from '../../src/contracts/account';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { GROUP_SETUP_MESSAGES, type GroupSetupBody } from '../../src/contracts/group-setup';
import type { UserList } from '../../src/contracts/users';
import { employers, groupMemberCounts } from '../db/schema';
import { ACCESS_VERSION_CHECK_MS } from '../services/identity';
import { startTestInbox, type TestInbox } from '../test/mail-inbox';
import { createTestApp, type TestApp } from '../test/test-app';

type Name = keyof typeof endpoints;
const url = (name: Name, query?: Record<string, string | number | boolean>) =>
  endpointUrl(endpoints[name]) +
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

const OPERATOR = 'operator@example.com';
const afterCacheWindow = () => new Promise((resolve) => setTimeout(resolve, ACCESS_VERSION_CHECK_MS + 200));

let t: TestApp;
let inbox: TestInbox;
beforeAll(async () => {
  inbox = await startTestInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.smtpUrl } });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const formBody = (over: Partial<GroupSetupBody> = {}): GroupSetupBody => ({
  employerName: 'Harbor Logistics',
  employerID: 'G900001',
  taxID: '12-3456789',
  groupEffectiveDate: '2026-01-01',
  mfaRequired: true,
  divisions: [
    { locationCode: 'NORTH', description: 'North yard' },
    { locationCode: 'SOUTH', description: 'South yard' },
  ],
  plans: [
    {
      planType: 'Medical',
      planName: 'Harbor PPO',
      planCode: 'HPPO',
      networkCode: 'NET1',
      planDescription: 'PPO',
      contractBeginDate: '2026-01-01',
      contractEndDate: '2026-12-31',
      divisions: [],
    },
    {
      planType: 'Dental',
      planName: 'Harbor Dental',
      planCode: 'HDEN',
      networkCode: '',
      planDescription: '',
      contractBeginDate: '2026-01-01',
      contractEndDate: '2026-12-31',
      divisions: ['north'],
    },
  ],
  tiers: [
    { isMedical: true, name: 'Employee Only', tierCode: 'EE', requiresDependents: false },
    { isMedical: true, name: 'Family', tierCode: 'FAM', requiresDependents: true },
    { isMedical: false, name: 'Employee Only', tierCode: 'EE', requiresDependents: false },
  ],
  ...over,
});

async function post(name: Name, body: unknown, email = OPERATOR) {
  return t.app.inject({ method: 'POST', url: url(name), headers: await t.auth(email), payload: body as object });
}

async function get<T>(name: Name, query: Record<string, string | number | boolean>, email = OPERATOR) {
  const res = await t.app.inject({ method: 'GET', url: url(name, query), headers: await t.auth(email) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('group setup', () => {
  it('creates a group from the form: divisions, plans and tiers are served, the operator has it', async () => {
    const res = await post('createGroup', formBody());
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { employerPK: number; employerID: string; invitedUserId: string | null };
    expect(answer).toMatchObject({ employerID: 'G900001', invitedUserId: null });
    const pk = answer.employerPK;

    const [row] = await t.db.select().from(employers).where(eq(employers.employerPK, pk));
    expect(row).toMatchObject({ employerName: 'Harbor Logistics', taxID: '123456789', mfaRequired: true });
    expect(row!.groupEffectiveDate).toBe('2026-01-01');
    expect(await t.db.select().from(groupMemberCounts).where(eq(groupMemberCounts.employerPK, pk))).toHaveLength(1);

    // The access resolver sees the bump within ACCESS_VERSION_CHECK_MS.
    await afterCacheWindow();
    const groups = await get<AccountGroups>('accountGroups', { search: 'G900001', page: 0, recordsPerPage: 10 });
    expect(groups.list).toEqual([
      expect.objectContaining({ employerPK: pk, employerName: 'Harbor Logistics', roles: ['Portal Administrator'] }),
    ]);

    const divisions = await get<{ pk: number; locationCode: string }[]>('employerDivisions', { employerPK: pk });
    expect(divisions.map((d) => d.locationCode)).toEqual(['NORTH', 'SOUTH']);
    const [north, south] = divisions;
    const planList = (division: number, planType: string) =>
      get<{ planName: string }[]>('availablePlanList', { employerPK: pk, division, year: 2026, planType });
    expect((await planList(north!.pk, 'Medical')).map((p) => p.planName)).toEqual(['Harbor PPO']);
    expect((await planList(south!.pk, 'Medical')).map((p) => p.planName)).toEqual(['Harbor PPO']);
    expect((await planList(north!.pk, 'Dental')).map((p) => p.planName)).toEqual(['Harbor Dental']);
    expect(await planList(south!.pk, 'Dental')).toEqual([]);
    const tiers = await get<{ name: string }[]>('coverageOptions', {
      employerPK: pk,
      isMedical: true,
      hasDependents: true,
      divisionId: south!.pk,
    });
    expect(tiers.map((x) => x.name)).toEqual(['Employee Only', 'Family']);
    const single = await get<{ name: string }[]>('coverageOptions', {
      employerPK: pk,
      isMedical: true,
      hasDependents: false,
      divisionId: south!.pk,
    });
    expect(single.map((x) => x.name)).toEqual(['Employee Only']);
    // An empty group's screens answer.
    await get('membershipInsight', { employerPK: pk });
    const members = await t.app.inject({
      method: 'POST',
      url: url('subscriberList'),
      headers: await t.auth(OPERATOR),
      payload: { employerPK: pk },
    });
    expect(members.statusCode, members.body).toBe(200);
  });

  it('refuses a duplicate Group ID with the message on employerID', async () => {
    const res = await post('createGroup', formBody({ employerName: 'Another' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.employerID).toEqual([GROUP_SETUP_MESSAGES.employerIDTaken]);
    // A seeded group's ID too.
    const [seeded] = await t.db.select({ id: employers.employerID }).from(employers).limit(1);
    const again = await post('createGroup', formBody({ employerID: seeded!.id }));
    expect(again.json().errors.employerID).toEqual([GROUP_SETUP_MESSAGES.employerIDTaken]);
  });

  it('answers a body breaking the rules with the schema’s messages', async () => {
    const res = await post(
      'createGroup',
      formBody({
        employerID: 'X1',
        taxID: '123',
        divisions: [
          { locationCode: 'A', description: 'One' },
          { locationCode: 'a', description: 'Two' },
        ],
        plans: [{ ...formBody().plans[0]!, divisions: ['ZZZ'], contractEndDate: '2025-01-01' }],
      }),
    );
    expect(res.statusCode).toBe(400);
    const text = res.body;
    for (const message of [
      GROUP_SETUP_MESSAGES.employerID,
      GROUP_SETUP_MESSAGES.taxID,
      GROUP_SETUP_MESSAGES.divisionTwice,
      GROUP_SETUP_MESSAGES.planDivision,
      GROUP_SETUP_MESSAGES.contractDates,
    ])
      expect(text).toContain(message);
  });

  it('refuses a GroupAdmin and HR', async () => {
    for (const email of ['admin@example.com', 'hr@example.com']) {
      expect((await post('createGroup', formBody({ employerID: 'G900009' }), email)).statusCode).toBe(403);
      const template = await t.app.inject({
        method: 'GET',
        url: url('groupSetupTemplate'),
        headers: await t.auth(email),
      });
      expect(template.statusCode).toBe(403);
    }
    expect(await t.db.select().from(employers).where(eq(employers.employerID, 'G900009'))).toEqual([]);
  });

  it('creates a group from the filled template and invites its first GroupAdmin', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: url('groupSetupTemplate'),
      headers: await t.auth(OPERATOR),
    });
    expect(template.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Group', 'Divisions', 'Plans', 'Tiers', 'Instructions']);

    const group = workbook.getWorksheet('Group')!;
    const setValue = (label: string, value: string) => {
      group.eachRow((row) => {
        if (row.getCell(1).value === label) row.getCell(2).value = value;
      });
    };
    setValue('Group Name', 'Workbook Foods');
    setValue('Group ID', 'G900002');
    setValue('Group Effective Date', '02/01/2026');
    setValue('MFA Required (Yes/No)', 'No');
    setValue('First GroupAdmin Email', 'first.admin@example.com');
    setValue('First GroupAdmin First Name', 'Fiona');
    setValue('First GroupAdmin Last Name', 'First');
    const divisions = workbook.getWorksheet('Divisions')!;
    divisions.addRow(['WEST', 'West plant']);
    const plans = workbook.getWorksheet('Plans')!;
    plans.getRow(2).getCell(6).value = new Date(Date.UTC(2026, 1, 1));
    plans.getRow(2).getCell(7).value = '12/31/2026';
    plans.addRow(['FSA', 'Health FSA', 'FSA1', '', 'Flexible spending', '2026-02-01', '2026-12-31', 'WEST']);

    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const read = await t.app.inject({
      method: 'POST',
      url: url('readGroupWorkbook', { fileName: 'setup.xlsx' }),
      headers: { ...(await t.auth(OPERATOR)), 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(read.statusCode, read.body).toBe(200);
    const { group: body, problems } = read.json() as { group: GroupSetupBody; problems: string[] };
    expect(problems).toEqual([]);
    expect(body).toMatchObject({
      employerName: 'Workbook Foods',
      employerID: 'G900002',
      groupEffectiveDate: '2026-02-01',
      mfaRequired: false,
      firstAdmin: { email: 'first.admin@example.com', firstName: 'Fiona', lastName: 'First' },
    });
    expect(body.divisions.map((d) => d.locationCode)).toEqual(['HQ', 'WEST']);
    expect(body.plans[0]).toMatchObject({
      planType: 'Medical',
      contractBeginDate: '2026-02-01',
      contractEndDate: '2026-12-31',
    });
    expect(body.plans[2]).toMatchObject({ planType: 'FSA', divisions: ['WEST'] });
    expect(body.tiers).toHaveLength(8);

    const created = await post('createGroup', body);
    expect(created.statusCode, created.body).toBe(200);
    const answer = created.json() as { employerPK: number; invitedUserId: string | null };
    expect(answer.invitedUserId).toMatch(/^user-/);
    const mail = await inbox.waitForMail('first.admin@example.com', { subject: /invited/ });
    expect(mail.links.some((link) => link.includes('/idp/invitation/'))).toBe(true);

    await afterCacheWindow();
    const users = await get<UserList>('userList', { employerPK: answer.employerPK });
    expect(users.list).toEqual([
      expect.objectContaining({ email: 'first.admin@example.com', roles: ['GroupAdmin'], status: 'invited' }),
    ]);
  });

  it('reports a workbook’s own problems by sheet and row, and refuses a file that is not one', async () => {
    const workbook = new ExcelJS.Workbook();
    const plans = workbook.addWorksheet('Plans');
    plans.addRow([
      'Plan Type',
      'Plan Name',
      'Plan Code',
      'Network Code',
      'Description',
      'Contract Begin Date',
      'Contract End Date',
      'Divisions',
    ]);
    plans.addRow(['Medical', 'A', 'A', '', '', '2026-01-01', '2026-12-31', '']);
    plans.addRow(['Vision', 'B', 'B', '', '', 'soon', '2026-12-31', '']);
    const read = await t.app.inject({
      method: 'POST',
      url: url('readGroupWorkbook', { fileName: 'x.xlsx' }),
      headers: { ...(await t.auth(OPERATOR)), 'content-type': 'application/octet-stream' },
      payload: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    expect(read.statusCode, read.body).toBe(200);
    const { problems } = read.json() as { problems: string[] };
    expect(problems).toContain('Plans row 3: Plan Type must be Medical, Dental or FSA.');
    expect(problems).toContain('Plans row 3: Contract Begin Date must be a date (yyyy-MM-dd or MM/DD/YYYY).');
    expect(problems).toContain('The workbook has no "Group" sheet.');

    const bad = await t.app.inject({
      method: 'POST',
      url: url('readGroupWorkbook', { fileName: 'x.xlsx' }),
      headers: { ...(await t.auth(OPERATOR)), 'content-type': 'application/octet-stream' },
      payload: Buffer.from('not a workbook'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.file).toHaveLength(1);
  });
});
