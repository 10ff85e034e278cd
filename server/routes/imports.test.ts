import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { IMPORT_FIELDS, IMPORT_MESSAGES, type ImportRow, type ImportView } from '../../src/contracts/imports';
import {
  auditEvents,
  coverageOptions,
  importRows,
  imports,
  plans,
  requestStatusHistory,
  requests,
  subscribers,
  terminations,
} from '../db/schema';
import { processPendingRequests } from '../services/processing';
import { carrierFeedKey, generateFullFile, readCarrierFile } from '../services/carrier-feed';
import { localToday } from '../lib/calendar';
import { RETRO_TERMINATION_MESSAGE } from '../../src/contracts/terminations';
import { createTestApp, type TestApp } from '../test/test-app';

type Name = keyof typeof endpoints;
const url = (name: Name, query?: Record<string, string | number | boolean>) =>
  endpointUrl(endpoints[name]) +
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

const HR = 'hr@example.com';
const GROUP = 2;
const FULL_SSN = /\d{3}-\d{2}-\d{4}/;
const EMPTY = {
  rows: 0,
  families: 0,
  new: 0,
  update: 0,
  identity: 0,
  unchanged: 0,
  error: 0,
  termination: 0,
  errorRows: 0,
  committed: 0,
  requestsCreated: 0,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HEADER = [
  'Employee Key',
  'Relationship',
  'First Name',
  'Last Name',
  'SSN',
  'Date of Birth',
  'Gender',
  'Address Line 1',
  'City',
  'State',
  'ZIP Code',
  'Phone',
  'Email',
  'Division',
  'Medical Plan',
  'Medical Tier',
];

/** A valid employee row of group 2 (Choice PPO 500, Employee Only), with what the test overrides. */
function employee(n: number, over: Partial<Record<string, string>> = {}) {
  const row: Record<string, string> = {
    'Employee Key': `E${n}`,
    Relationship: 'Employee',
    'First Name': 'Pat',
    'Last Name': `Upload${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}`,
    SSN: `7${String(n).padStart(2, '0').slice(-2)}-${String(10 + (n % 89)).padStart(2, '0')}-${String(1000 + n).slice(-4)}`,
    'Date of Birth': '03/15/1980',
    Gender: 'F',
    'Address Line 1': '12 Main St',
    City: 'Boston',
    State: 'MA',
    'ZIP Code': '02134',
    Phone: '(617) 555-0100',
    Email: `pat${n}@example.com`,
    Division: '001',
    'Medical Plan': 'Choice PPO 500',
    'Medical Tier': 'Employee Only',
    ...over,
  };
  return HEADER.map((h) => row[h] ?? '');
}

function csv(rows: string[][], delimiter = ',') {
  const quote = (v: string) => (/[",;\n\t]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [HEADER, ...rows].map((r) => r.map(quote).join(delimiter)).join('\r\n') + '\r\n';
}

/** Unique SSNs per test: each test uploads its own people. */
let serial = 0;
function people(count: number, over: (i: number) => Partial<Record<string, string>> = () => ({})) {
  return Array.from({ length: count }, (_, i) => {
    serial += 1;
    const n = serial;
    return employee(n, {
      SSN: `8${String(n % 100).padStart(2, '0')}-${String(10 + (n % 90)).padStart(2, '0')}-${String(n).padStart(4, '0').slice(-4)}`,
      ...over(i),
    });
  });
}

async function upload(fileName: string, bytes: Buffer | string, email = HR, employerPK = GROUP) {
  return t.app.inject({
    method: 'POST',
    url: url('importUpload', { employerPK, fileName }),
    headers: { ...(await t.auth(email)), 'content-type': 'application/octet-stream' },
    payload: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
  });
}

async function call(
  name: Name,
  payload: { query?: Record<string, string | number | boolean>; body?: unknown },
  email = HR,
) {
  const endpoint = endpoints[name];
  const res = await t.app.inject({
    method: endpoint.method,
    url: url(name, payload.query),
    headers: await t.auth(email),
    ...(payload.body === undefined ? {} : { payload: payload.body as object }),
  });
  if (endpoint.responseType === 'json') expect(res.body).not.toMatch(FULL_SSN);
  return res;
}

async function uploaded(fileName: string, bytes: Buffer | string) {
  const res = await upload(fileName, bytes);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toMatch(FULL_SSN);
  return res.json<ImportView>();
}

async function rows(importPK: number, filter = 'all', page = 0) {
  const res = await call('importRows', { query: { employerPK: GROUP, importPK, filter, page } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ list: ImportRow[]; recordCount: number }>();
}

async function commitAll(importPK: number, mode: 'valid' | 'all' = 'valid', confirmIdentity = false) {
  const created: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const res = await call('importCommit', { body: { employerPK: GROUP, importPK, mode, confirmIdentity } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ImportView & { requestPKs: number[] }>();
    created.push(...answer.requestPKs);
    if (answer.remaining === 0 && answer.status === 'committed') return { view: answer, created };
  }
  throw new Error('commit did not finish');
}

describe('Upload Enrollments: template', () => {
  it('hands out the .csv template with the field labels, and the .xlsx one with the group lists', async () => {
    const res = await call('importTemplate', { query: { employerPK: GROUP, format: 'csv' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.csv');
    const header = res.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    expect(header.split(',')).toEqual(IMPORT_FIELDS.map((f) => f.label));

    const xlsx = await call('importTemplate', { query: { employerPK: GROUP, format: 'xlsx' } });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const lists = book.worksheets.find((s) => s.name === 'Lists');
    const values = lists?.getSheetValues().flat().map(String) ?? [];
    expect(values).toContain('Choice PPO 500');
    expect(values).toContain('001');
  });
});

describe('Upload Enrollments: preview, fixes and commit', () => {
  it('previews every row with the wizard rules, fixes one in place, commits, and a second upload of the file creates nothing', async () => {
    const good = people(4);
    const bad = people(3, (i) =>
      i === 0 ? { 'First Name': '' } : i === 1 ? { 'Date of Birth': '2999-01-01' } : { 'ZIP Code': '12' },
    );
    // A spouse follows the first employee, sharing its key.
    const spouse = employee(0, {
      'Employee Key': good[0]![0]!,
      Relationship: 'Wife',
      'First Name': 'Sam',
      SSN: '899-11-2233',
      'Date of Birth': '1981-02-03',
      Gender: 'M',
    });
    const file = csv([good[0]!, spouse, ...good.slice(1), ...bad]);
    const view = await uploaded('census.csv', file);
    expect(view.format).toBe('csv');
    expect(view.encoding).toBe('UTF-8');
    expect(view.counts).toMatchObject({ rows: 8, families: 7, new: 4, error: 3, errorRows: 3 });

    const errors = await rows(view.importPK, 'errors');
    expect(errors.recordCount).toBe(3);
    const messages = errors.list.map((r) => r.errors.map((e) => `${e.column}: ${e.message}`).join(' | '));
    expect(messages[0]).toMatch(/^First Name: /);
    expect(messages[1]).toMatch(/^Date of Birth: /);
    expect(messages[2]).toMatch(/^ZIP Code: Zipcode must be exactly 5 digits/);
    const all = await rows(view.importPK);
    expect(all.list[1]).toMatchObject({ isEmployee: false, familyRow: all.list[0]!.rowNumber, kind: 'new' });
    expect(all.list[1]!.cells.relationship).toBe('Wife');

    // Fixing in place clears the error; a fix that is still wrong keeps the row in error with the message.
    const fix = async (rowNumber: number, cells: Record<string, string>) => {
      const res = await call('importFixRow', {
        body: { employerPK: GROUP, importPK: view.importPK, rowNumber, cells },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ view: ImportView; rows: ImportRow[] }>();
    };
    const [first, second, third] = errors.list;
    expect((await fix(first!.rowNumber, { firstName: 'Lee' })).rows[0]!.kind).toBe('new');
    const stillWrong = await fix(second!.rowNumber, { dateOfBirth: '13/45/1990' });
    expect(stillWrong.rows[0]!.errors[0]!.column).toBe('Date of Birth');
    await fix(second!.rowNumber, { dateOfBirth: '1990-07-04' });
    const fixed = await fix(third!.rowNumber, { zipCode: '02134' });
    expect(fixed.view.counts).toMatchObject({ new: 7, error: 0, errorRows: 0 });

    const { view: done, created } = await commitAll(view.importPK, 'all');
    expect(created).toHaveLength(7);
    expect(done.counts).toMatchObject({ committed: 8, requestsCreated: 7 });
    const stored = await t.db.select().from(requests).where(inArray(requests.requestPK, created));
    expect(stored.every((r) => r.status === 'Submitted' && r.type === 'NewEnrollment')).toBe(true);
    const withSpouse = stored.find((r) => r.ssn === good[0]![4]);
    expect(withSpouse?.dependentSsns).toEqual(['899-11-2233']);
    expect(JSON.stringify(withSpouse?.payload)).not.toMatch(FULL_SSN);
    const history = await t.db
      .select()
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.requestPK, withSpouse!.requestPK));
    expect(history[0]?.note).toContain('census.csv');

    // The same file again: the four right rows are already requested, the three fixed ones are still
    // wrong in the file itself; committing its valid rows creates nothing.
    const again = await uploaded('census.csv', file);
    expect(again.counts).toMatchObject({ new: 0, unchanged: 4, error: 3 });
    const unchanged = (await rows(again.importPK, 'unchanged')).list.filter((r) => r.isEmployee);
    expect(unchanged.every((r) => r.requestPK !== null && created.includes(r.requestPK))).toBe(true);
    const repeat = await commitAll(again.importPK, 'valid');
    expect(repeat.created).toEqual([]);
    const ssns = stored.map((r) => r.ssn!);
    const requested = await t.db
      .select({ pk: requests.requestPK })
      .from(requests)
      .where(and(eq(requests.employerPK, GROUP), inArray(requests.ssn, ssns)));
    expect(requested).toHaveLength(7);
  });

  it('applies an uploaded enrollment like a wizard one once HR approves it', async () => {
    const [person] = people(1);
    const view = await uploaded('one.csv', csv([person!]));
    const { created } = await commitAll(view.importPK, 'all');
    const approve = await call('hrApproveRequest', { query: { requestPK: created[0]! } });
    expect(approve.statusCode, approve.body).toBe(200);
    await processPendingRequests(t.db, {
      onError: (e) => {
        throw e;
      },
    });
    const [member] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, GROUP), eq(subscribers.ssn, person![4]!)));
    expect(member).toMatchObject({
      firstName: 'Pat',
      zipCode: '02134',
      phone1: '6175550100',
      dateOfBirth: '1980-03-15',
    });

    // The same person uploaded again is an existing member: nothing changed, then an address update.
    const same = await uploaded('again.csv', csv([person!]));
    expect(same.counts).toMatchObject({ unchanged: 1, new: 0 });
    const moved = [...person!];
    moved[HEADER.indexOf('City')] = 'Cambridge';
    const update = await uploaded('moved.csv', csv([moved]));
    expect(update.counts).toMatchObject({ update: 1 });
    const [row] = (await rows(update.importPK)).list;
    expect(row!.changes).toEqual([{ field: 'city', from: 'Boston', to: 'Cambridge' }]);

    // A new last name is a name change: committed only when confirmed.
    const renamed = [...person!];
    renamed[HEADER.indexOf('Last Name')] = 'Newname';
    const identity = await uploaded('renamed.csv', csv([renamed]));
    expect(identity.counts).toMatchObject({ identity: 1 });
    const unconfirmed = await commitAll(identity.importPK, 'valid', false);
    expect(unconfirmed.created).toHaveLength(0);

    const identity2 = await uploaded('renamed.csv', csv([renamed]));
    const confirmed = await commitAll(identity2.importPK, 'valid', true);
    expect(confirmed.created).toHaveLength(1);
    const [request] = await t.db.select().from(requests).where(eq(requests.requestPK, confirmed.created[0]!));
    expect(request).toMatchObject({ type: 'Subscriber', subscriberPK: member!.subscriberPK, status: 'Submitted' });
  });

  it('refuses SSNs twice in the file and SSNs of another group, and maps list values or asks', async () => {
    const [a, b] = people(2);
    const twin = [...b!];
    twin[HEADER.indexOf('SSN')] = a![4]!;
    const [other] = await t.db
      .select({ ssn: subscribers.ssn })
      .from(subscribers)
      .where(eq(subscribers.employerPK, 3))
      .limit(1);
    const [c] = people(1, () => ({ SSN: other!.ssn }));
    const [d] = people(1, () => ({ Gender: 'Feminine' }));
    const view = await uploaded('mixed.csv', csv([a!, twin, c!, d!]));
    const list = (await rows(view.importPK)).list;
    expect(list[0]!.errors.map((e) => e.message)).toContain(IMPORT_MESSAGES.duplicateSsn);
    expect(list[1]!.errors.map((e) => e.message)).toContain(IMPORT_MESSAGES.duplicateSsn);
    expect(list[2]!.errors.map((e) => e.message)).toContain(IMPORT_MESSAGES.otherGroupSsn);
    expect(list[3]!.errors[0]).toMatchObject({ column: 'Gender' });
    expect(view.unmapped).toEqual([{ field: 'gender', value: 'Feminine', rows: 1 }]);

    const female = view.choices.gender!.find((g) => g.label === 'Female')!.code;
    const remapped = await call('importMapping', {
      body: {
        employerPK: GROUP,
        importPK: view.importPK,
        mapping: {},
        valueMappings: { gender: { Feminine: female } },
      },
    });
    expect(remapped.statusCode, remapped.body).toBe(200);
    expect(remapped.json<ImportView>().unmapped).toEqual([]);
    const after = (await rows(view.importPK)).list;
    expect(after[3]!.errors).toEqual([]);
    expect(after[0]!.errors.length).toBeGreaterThan(0);
  });

  it('reads Windows-1252 and UTF-8 files with accents unchanged, and semicolon-separated ones', async () => {
    const [p1] = people(1, () => ({ 'First Name': 'François', 'Last Name': 'Muñoz' }));
    const latin1 = Buffer.from(csv([p1!]), 'latin1');
    const v1 = await uploaded('latin.csv', latin1);
    expect(v1.encoding).toBe('Windows-1252');
    const r1 = (await rows(v1.importPK)).list[0]!;
    expect([r1.cells.firstName, r1.cells.lastName]).toEqual(['François', 'Muñoz']);

    const [p2] = people(1, () => ({ 'First Name': 'François', 'Last Name': 'Muñoz' }));
    const v2 = await uploaded(
      'bom.csv',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv([p2!], ';'))]),
    );
    expect([v2.encoding, v2.delimiter]).toEqual(['UTF-8 with BOM', ';']);
    const r2 = (await rows(v2.importPK)).list[0]!;
    expect([r2.cells.firstName, r2.cells.lastName]).toEqual(['François', 'Muñoz']);
    // The wizard's name rule refuses accents; the message is the wizard's own.
    expect(r2.errors.map((e) => e.column)).toContain('First Name');
  });

  it('reads an .xlsx with a Dependents sheet keyed by employee, dates as dates and formulas as values', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Enrollments');
    sheet.addRow(HEADER);
    const [p] = people(1);
    const row = sheet.addRow(p!.map((v) => v));
    row.getCell(HEADER.indexOf('Date of Birth') + 1).value = new Date(Date.UTC(1975, 5, 30));
    row.getCell(HEADER.indexOf('Phone') + 1).value = { formula: '6175550000+199', result: 6175550199 };
    const deps = book.addWorksheet('Dependents');
    deps.addRow(['Employee Key', 'Relationship', 'First Name', 'Last Name', 'SSN', 'Date of Birth', 'Gender']);
    deps.addRow([p![0], 'Child', 'Kim', 'Upload', '898-76-5432', '2015-09-01', 'F']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const view = await uploaded('census.xlsx', bytes);
    expect(view.format).toBe('xlsx');
    expect(view.counts).toMatchObject({ rows: 2, families: 1, new: 1 });
    const list = (await rows(view.importPK)).list;
    expect(list[0]!.cells).toMatchObject({ dateOfBirth: '1975-06-30', phone1: '6175550199' });
    expect(list[1]).toMatchObject({ sheet: 'Dependents', isEmployee: false, familyRow: list[0]!.rowNumber });
  });

  it('remembers a group’s column mapping for its next file', async () => {
    const custom = HEADER.map((h) => (h === 'Last Name' ? 'Family' : h));
    const [p] = people(1);
    const file = [custom, p!].map((r) => r.join(',')).join('\n');
    const view = await uploaded('custom.csv', file);
    expect(view.mapping.lastName).toBeNull();
    const mapped = await call('importMapping', {
      body: { employerPK: GROUP, importPK: view.importPK, mapping: { lastName: custom.indexOf('Family') } },
    });
    expect(mapped.json<ImportView>().counts.error).toBe(0);
    const next = await uploaded('custom-2.csv', file);
    expect(next.mapping.lastName).toBe(custom.indexOf('Family'));
  });

  it('commits in batches that can be cancelled between them, and withdraws what is not approved', async () => {
    const view = await uploaded('big.csv', csv(people(1_100)));
    expect(view.counts.new).toBe(1_100);
    const first = await call('importCommit', { body: { employerPK: GROUP, importPK: view.importPK, mode: 'all' } });
    const step = first.json<ImportView & { requestPKs: number[] }>();
    expect(step).toMatchObject({ status: 'committing', remaining: 600 });
    expect(step.requestPKs).toHaveLength(500);
    const cancelled = await call('importCancel', { body: { employerPK: GROUP, importPK: view.importPK } });
    expect(cancelled.json<ImportView>()).toMatchObject({ status: 'cancelled', canWithdraw: true });
    const listed = (await call('importList', { query: { employerPK: GROUP } })).json<ImportView[]>();
    expect(listed.find((i) => i.importPK === view.importPK)?.canWithdraw).toBe(true);
    const refused = await call('importCommit', { body: { employerPK: GROUP, importPK: view.importPK, mode: 'all' } });
    expect(refused.statusCode).toBe(409);

    // One of them approved already: the withdrawal cancels the other 499 and leaves that one.
    await call('hrApproveRequest', { query: { requestPK: step.requestPKs[0]! } });
    const withdrawn = await call('importWithdraw', { body: { employerPK: GROUP, importPK: view.importPK } });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<ImportView>()).toMatchObject({ status: 'withdrawn', canWithdraw: false });
    const relisted = (await call('importList', { query: { employerPK: GROUP } })).json<ImportView[]>();
    expect(relisted.find((i) => i.importPK === view.importPK)?.canWithdraw).toBe(false);
    const states = await t.db
      .select({ status: requests.status })
      .from(requests)
      .where(inArray(requests.requestPK, step.requestPKs));
    expect(states.filter((s) => s.status === 'Cancelled')).toHaveLength(499);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.endpoint, 'importWithdraw'));
    expect(audit.at(-1)?.records).toContain(`import:${view.importPK}`);
  });
});

describe('Upload Enrollments: an upload stopped while its rows were stored', () => {
  it('stays "reading", cannot be committed, and can be discarded', async () => {
    const [stuck] = await t.db
      .insert(imports)
      .values({
        employerPK: GROUP,
        fileName: 'stopped.csv',
        fileSha256: '0'.repeat(64),
        format: 'csv',
        status: 'reading',
        columns: ['SSN'],
        mapping: {},
        valueMappings: {},
        counts: { ...EMPTY, rows: 1 },
        createdBy: 'user-hr',
      })
      .returning();
    const body = { employerPK: GROUP, importPK: stuck!.importPK };
    expect((await call('importCommit', { body: { ...body, mode: 'valid' } })).statusCode).toBe(409);
    const discarded = await call('importCancel', { body });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json<ImportView>().status).toBe('discarded');
  });
});

describe('Upload Enrollments: bad files change nothing', () => {
  const refusal = async (fileName: string, bytes: Buffer) => {
    const res = await upload(fileName, bytes);
    expect(res.statusCode, res.body).toBe(400);
    return res.json<{ errors: Record<string, string[]> }>().errors.file?.[0] ?? '';
  };

  it('refuses another type, a legacy or encrypted workbook, a macro workbook and an empty file', async () => {
    expect(await refusal('census.pdf', Buffer.from('%PDF-1.7'))).toBe(IMPORT_MESSAGES.fileType);
    const ole = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    expect(await refusal('census.xlsx', ole)).toMatch(/encrypted|\.xls/);
    expect(await refusal('census.csv', Buffer.from(HEADER.join(',') + '\n'))).toBe(IMPORT_MESSAGES.empty);
  });

  it('refuses a zip bomb from its sizes, the server growing by far less than 100 MB', async () => {
    // 300 MB of zeros deflate to about 300 kB: one worksheet entry of a workbook.
    const zeros = deflateRawSync(Buffer.alloc(300 * 1024 * 1024), { level: 9 });
    const entries = [
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), size: 8, crc: crc32(Buffer.from('<Types/>')) },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>'), size: 11, crc: crc32(Buffer.from('<workbook/>')) },
      { name: 'xl/worksheets/sheet1.xml', data: zeros, size: 300 * 1024 * 1024, crc: 0, deflated: true },
    ];
    const locals: Buffer[] = [];
    const centrals: Buffer[] = [];
    let offset = 0;
    for (const e of entries) {
      const name = Buffer.from(e.name);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE('deflated' in e ? 8 : 0, 8);
      local.writeUInt32LE(e.crc, 14);
      local.writeUInt32LE(e.data.length, 18);
      local.writeUInt32LE(e.size, 22);
      local.writeUInt16LE(name.length, 26);
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE('deflated' in e ? 8 : 0, 10);
      central.writeUInt32LE(e.crc, 16);
      central.writeUInt32LE(e.data.length, 20);
      central.writeUInt32LE(e.size, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      locals.push(local, name, e.data);
      centrals.push(central, name);
      offset += 30 + name.length + e.data.length;
    }
    const directory = Buffer.concat(centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    const bomb = Buffer.concat([...locals, directory, end]);
    expect(bomb.length).toBeLessThan(1024 * 1024);

    const before = process.memoryUsage().rss;
    const message = await refusal('census.xlsx', bomb);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    expect(message).toMatch(/too large to read once unpacked/);
  });

  it('refuses a file over 20 MB with a clear message', async () => {
    const res = await upload('huge.csv', Buffer.alloc(21 * 1024 * 1024, 0x41));
    expect(res.statusCode).toBe(413);
    expect(res.json<{ detail: string }>().detail).toBe(IMPORT_MESSAGES.tooLarge);
  });

  it('refuses a caller without the group, and answers 404 for an upload of another group', async () => {
    const [p] = people(1);
    expect((await upload('x.csv', csv([p!]), 'hr@example.com', 3)).statusCode).toBe(403);
    const view = await uploaded('mine.csv', csv([p!]));
    const other = await call('importRows', { query: { employerPK: 3, importPK: view.importPK } }, 'broker@example.com');
    expect(other.statusCode).toBe(404);
    const viewer = await call(
      'importRows',
      { query: { employerPK: GROUP, importPK: view.importPK } },
      'idcard@example.com',
    );
    expect(viewer.statusCode).toBe(403);
  });
});

describe('Roster import (X12 834 full file)', () => {
  const OPERATOR = 'operator@example.com';
  let roster: Buffer;
  beforeAll(async () => {
    const today = localToday();
    const item = await generateFullFile(t.db, GROUP, 'test', { today, now: new Date(`${today}T09:30:00`) });
    const parts: Buffer[] = [];
    for await (const part of readCarrierFile(t.db, item.carrierFilePK, await carrierFeedKey(t.db))) parts.push(part);
    roster = Buffer.concat(parts);
  });

  const uploadRoster = async (employerPK: number, query: Record<string, string> = {}, email = OPERATOR) =>
    t.app.inject({
      method: 'POST',
      url: url('importRoster', { employerPK, fileName: 'roster.834', ...query }),
      headers: { ...(await t.auth(email)), 'content-type': 'application/octet-stream' },
      payload: roster,
    });

  it('reads group 2’s own full file back as its members, unchanged, and lists who it does not hold', async () => {
    const res = await uploadRoster(GROUP);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(FULL_SSN);
    const view = res.json<ImportView>();
    expect(view.format).toBe('x12');
    const active = await t.db
      .select({ ssn: subscribers.ssn })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, GROUP)));
    expect(view.counts.new).toBe(0);
    expect(view.counts.unchanged + view.counts.update + view.counts.identity + view.counts.error).toBe(
      view.counts.families - view.counts.termination,
    );
    expect(view.counts.families).toBeGreaterThan(0);
    expect(active.length).toBeGreaterThanOrEqual(view.counts.families - view.counts.termination);
    // Proposed terminations are shown, never committed, and cannot be "fixed" into the file.
    const gone = await rows(view.importPK, 'termination');
    expect(gone.recordCount).toBe(view.counts.termination);
    for (const row of gone.list) expect(row.changes[0]?.to).toBe(IMPORT_MESSAGES.notInRoster);
    // What an 834 does not carry (a second phone, a marital status it leaves out) is not proposed as cleared.
    const proposed = await t.db
      .select({ changes: importRows.changes })
      .from(importRows)
      .where(and(eq(importRows.importPK, view.importPK), inArray(importRows.kind, ['update', 'identity'])));
    const fields = new Set(proposed.flatMap((r) => r.changes.map((c) => c.field)));
    expect(fields.has('phone2')).toBe(false);
    expect(fields.has('maritalStatus')).toBe(false);
    // Group 2's own file: nothing about its members to change, so nothing in the way of their pending updates.
    expect(view.counts.update + view.counts.identity + view.counts.error).toBe(0);
  });

  // A whole group's round trip (file, new group, commit, approval, processing): seconds alone, more on a busy machine.
  it(
    'imports group 2’s roster into a new group with its plans: committed and applied, the members are group 2’s',
    { timeout: 120_000 },
    async () => {
      const groupPlans = await t.db.select().from(plans).where(eq(plans.employerPK, GROUP));
      const groupTiers = await t.db.select().from(coverageOptions).where(eq(coverageOptions.employerPK, GROUP));
      const unique = [...new Map(groupPlans.map((p) => [`${p.planType}|${p.planCode}`, p])).values()];
      const year = localToday().slice(0, 4);
      const created = await t.app.inject({
        method: 'POST',
        url: url('createGroup'),
        headers: await t.auth(OPERATOR),
        payload: {
          employerName: 'Roster Test Group',
          employerID: 'G777001',
          taxID: '12-3456789',
          groupEffectiveDate: `${year}-01-01`,
          divisions: [{ locationCode: 'R1', description: 'All' }],
          plans: unique.map((p) => ({
            planType: p.planType,
            planName: `${p.planName} ${p.planCode}`,
            planCode: p.planCode,
            networkCode: p.networkCode,
            contractBeginDate: `${Number(year) - 1}-01-01`,
            contractEndDate: `${year}-12-31`,
          })),
          // Group 2's own tiers, dental codes (DEE, DES…) included.
          tiers: [...new Map(groupTiers.map((o) => [`${o.isMedical}|${o.tierCode}`, o])).values()].map((o) => ({
            isMedical: o.isMedical,
            name: o.name,
            tierCode: o.tierCode,
            requiresDependents: o.requiresDependents,
          })),
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const { employerPK } = created.json<{ employerPK: number }>();
      // The operator's access picks the new group up at the next check of access_version.
      await new Promise((resolve) => setTimeout(resolve, 2_200));

      const res = await uploadRoster(employerPK);
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json<ImportView>();
      expect(view.counts).toMatchObject({ termination: 0, unchanged: 0, update: 0 });
      const bad = await t.app.inject({
        method: 'GET',
        url: url('importRows', { employerPK, importPK: view.importPK, filter: 'errors' }),
        headers: await t.auth(OPERATOR),
      });
      const messages = bad
        .json<{ list: ImportRow[] }>()
        .list.flatMap((r) => r.errors.map((e) => `${e.column}: ${e.message}`));
      // Every family but those the wizard itself would refuse is new.
      expect(view.counts.new + view.counts.error).toBe(view.counts.families);
      expect(view.counts.error, [...new Set(messages)].slice(0, 8).join(' | ')).toBe(0);

      // Committed, approved and applied, the new group's members are group 2's (those the file holds),
      // with the same people, dependents, plans and tiers; only ids and the division differ.
      let committed: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const step = await t.app.inject({
          method: 'POST',
          url: url('importCommit'),
          headers: await t.auth(OPERATOR),
          payload: { employerPK, importPK: view.importPK, mode: 'all' },
        });
        const answer = step.json<ImportView & { requestPKs: number[] }>();
        committed = [...committed, ...answer.requestPKs];
        if (answer.status === 'committed') break;
      }
      expect(committed).toHaveLength(view.counts.new);
      for (const requestPK of committed) {
        const approved = await t.app.inject({
          method: 'POST',
          url: url('hrApproveRequest', { requestPK }),
          headers: await t.auth(OPERATOR),
        });
        expect(approved.statusCode, approved.body).toBe(200);
      }
      await processPendingRequests(t.db, {
        limit: 10_000,
        onError: (e) => {
          throw e;
        },
      });
      const people = async (group: number) => {
        const result = await t.db.execute(sql`
        select s.ssn, s.first_name, s.last_name, s.date_of_birth, s.gender_pk, s.address1, s.city, s.zip_code,
          (select string_agg(p.plan_code || ':' || coalesce(o.tier_code, ''), ',' order by p.plan_code)
             from coverages c join plans p on p.plan_pk = c.plan_pk
             left join coverage_options o on o.coverage_option_pk = c.coverage_option_pk
             where c.subscriber_pk = s.subscriber_pk and c.dependent_pk is null
               and (c.end_date is null or c.end_date >= current_date) and p.plan_type <> 'FSA') as plans,
          -- An 834 carries covered people only: dependents without coverage are not in it.
          (select string_agg(d.ssn || ':' || d.first_name || ':' || d.relationship_pk, ',' order by d.ssn)
             from dependents d where d.subscriber_pk = s.subscriber_pk and d.term_date is null
               and exists (select 1 from coverages c where c.dependent_pk = d.dependent_pk
                 and (c.end_date is null or c.end_date >= current_date))) as family
        from subscribers s where s.employer_pk = ${group} and s.term_date is null order by s.ssn`);
        return result.rows as Record<string, unknown>[];
      };
      const copied = await people(employerPK);
      const bySsn = new Set(copied.map((p) => p.ssn));
      const original = (await people(GROUP)).filter((p) => bySsn.has(p.ssn));
      expect(copied).toHaveLength(view.counts.new);
      expect(copied).toEqual(original);
    },
  );

  it('terminates the members the roster no longer holds only when asked, with the dates and reason given', async () => {
    // Three members joined after the file was made: the roster does not hold them.
    const [template] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, GROUP), isNull(subscribers.termDate)))
      .limit(1);
    const { subscriberPK: _pk, ...copy } = template!;
    await t.db
      .insert(subscribers)
      .values(
        [1, 2, 3].map((n) => ({ ...copy, subscriberID: `LEAVER${n}`, ssn: `899-41-000${n}`, ssnLast4: `000${n}` })),
      );
    // One of them has a termination waiting already: that one is left out, with the reason.
    const [waiting] = await t.db.select().from(subscribers).where(eq(subscribers.subscriberID, 'LEAVER3'));
    const first = await call('terminateSubscriber', {
      body: {
        subscriberPK: waiting!.subscriberPK,
        employerPK: GROUP,
        dependentPK: null,
        firstName: waiting!.firstName,
        lastName: waiting!.lastName,
        eventDate: localToday(),
        terminationDate: localToday(),
        reasonPK: 1,
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    const view = (await uploadRoster(GROUP)).json<ImportView>();
    expect(view.counts.termination).toBeGreaterThanOrEqual(3);
    const leavers = await t.db
      .select({ rowNumber: importRows.rowNumber, subscriberPK: importRows.subscriberPK })
      .from(importRows)
      .where(and(eq(importRows.importPK, view.importPK), eq(importRows.kind, 'termination')));
    const commit = async (termination?: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: url('importCommit'),
        headers: await t.auth(OPERATOR),
        payload: { employerPK: GROUP, importPK: view.importPK, mode: 'valid', ...(termination ? { termination } : {}) },
      });

    // Dates outside the terminate screen's window: refused as there, and nothing starts.
    const tooOld = await commit({ eventDate: '2001-01-01', terminationDate: '2001-01-01', reasonPK: 1 });
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json<{ detail: string }>().detail).toBe(RETRO_TERMINATION_MESSAGE);
    const [still] = await t.db.select().from(imports).where(eq(imports.importPK, view.importPK));
    expect(still!.status).toBe('preview');

    const today = localToday();
    const choice = { eventDate: today, terminationDate: today, reasonPK: 1, comment: 'Not on the new roster' };
    let answer: ImportView & { requestPKs: number[] };
    let res = await commit(choice);
    for (let i = 0; ; i += 1) {
      expect(res.statusCode, res.body).toBe(200);
      answer = res.json<ImportView & { requestPKs: number[] }>();
      if (answer.status === 'committed' || i === 20) break;
      res = await commit();
    }
    expect(answer.status).toBe('committed');

    const after = await t.db
      .select()
      .from(importRows)
      .where(
        and(
          eq(importRows.importPK, view.importPK),
          inArray(
            importRows.rowNumber,
            leavers.map((l) => l.rowNumber),
          ),
        ),
      );
    expect(after).toHaveLength(leavers.length);
    const made = await t.db
      .select()
      .from(terminations)
      .where(
        inArray(
          terminations.subscriberPK,
          leavers.map((l) => l.subscriberPK!),
        ),
      );
    const byRequest = new Map(made.map((m) => [m.requestPK, m]));
    let terminated = 0;
    for (const row of after) {
      if (row.committed) {
        terminated += 1;
        // One Terminate request per leaver, with the dates and reason chosen.
        expect(byRequest.get(row.requestPK!)).toMatchObject({
          subscriberPK: row.subscriberPK,
          eventDate: today,
          terminationDate: today,
          reasonPK: 1,
          comment: 'Not on the new roster',
        });
      } else {
        // Left out with the terminate screen's reason (a request of theirs is waiting), as an error.
        expect(row.kind).toBe('error');
        expect(row.errors[0]?.message).toMatch(/pending|already/i);
      }
    }
    expect(terminated).toBeGreaterThan(0);
    const refused = after.find((r) => r.subscriberPK === waiting!.subscriberPK);
    expect(refused).toMatchObject({ committed: false, kind: 'error', hasError: true });
    const requested = await t.db
      .select({ type: requests.type, status: requests.status })
      .from(requests)
      .where(
        inArray(
          requests.requestPK,
          after.filter((r) => r.committed).map((r) => r.requestPK!),
        ),
      );
    expect(requested).toHaveLength(terminated);
    expect(requested.every((r) => r.type === 'Terminate' && r.status === 'Submitted')).toBe(true);
  });

  it('leaves the members the roster no longer holds alone when no termination is given', async () => {
    const view = (await uploadRoster(GROUP)).json<ImportView>();
    const { created } = await commitAll(view.importPK);
    const types = created.length
      ? await t.db.select({ type: requests.type }).from(requests).where(inArray(requests.requestPK, created))
      : [];
    expect(types.some((r) => r.type === 'Terminate')).toBe(false);
    const left = await rows(view.importPK, 'termination');
    expect(left.recordCount).toBe(view.counts.termination);
    expect(left.list.every((r) => !r.committed)).toBe(true);
  });

  it('is the operator’s: HR of the group is refused, and a file that is not an 834 is a clear 400', async () => {
    expect((await uploadRoster(GROUP, {}, HR)).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: url('importRoster', { employerPK: GROUP, fileName: 'roster.834' }),
      headers: { ...(await t.auth(OPERATOR)), 'content-type': 'application/octet-stream' },
      payload: Buffer.from('First Name,Last Name\nAnn,Lee\n'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { file: string[] } }>().errors.file[0]).toMatch(/not an X12 834 file/);
    const division = await uploadRoster(GROUP, { division: 'NOPE' });
    expect(division.statusCode).toBe(400);
  });
});

describe('Upload Enrollments: a member with an update on its way', () => {
  it('is an error only when the row would change something, and keeps what the file has no column for', async () => {
    const [pending] = await t.db
      .select({ subscriberPK: requests.subscriberPK })
      .from(requests)
      .where(and(eq(requests.employerPK, GROUP), eq(requests.type, 'Subscriber'), eq(requests.status, 'Submitted')))
      .limit(1);
    const [member] = await t.db.select().from(subscribers).where(eq(subscribers.subscriberPK, pending!.subscriberPK!));
    const [year, month, day] = member!.dateOfBirth.split('-');
    const file = (city: string) =>
      [
        ['Employee Key', 'Relationship', 'First Name', 'Last Name', 'SSN', 'Date of Birth', 'City'],
        [
          member!.subscriberID,
          'Employee',
          member!.firstName,
          member!.lastName,
          member!.ssn,
          `${month}/${day}/${year}`,
          city,
        ],
      ]
        .map((r) => r.join(','))
        .join('\r\n');

    const same = await uploaded('same.csv', file(member!.city));
    expect(same.counts).toMatchObject({ unchanged: 1, update: 0, error: 0 });

    const moved = await uploaded('moved.csv', file('Elsewhere'));
    expect(moved.counts).toMatchObject({ error: 1, update: 0 });
    const [row] = (await rows(moved.importPK, 'errors')).list;
    expect(row!.errors.map((e) => e.message)).toContain(
      'This member already has an update request on its way; approve or cancel it first.',
    );
    expect(row!.changes).toEqual([{ field: 'city', from: member!.city, to: 'Elsewhere' }]);
  });
});
