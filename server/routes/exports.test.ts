import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, eq, ilike, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints, type EndpointName } from '../../src/contracts/endpoints';
import { memberExportBody } from '../../src/contracts/exports';
import { auditEvents, claims, subscribers } from '../db/schema';
import { localToday } from '../lib/calendar';
import { claimExport, memberExport } from '../services/exports';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
const today = localToday();
const FULL_SSN = /\d{3}-\d{2}-\d{4}/;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = async (name: EndpointName, email: string, payload: unknown, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `${endpointUrl(endpoints[name])}${query}`,
    headers: await t.auth(email),
    payload: payload as Record<string, unknown>,
  });

async function readXlsx(data: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  return { sheet, header, rows: sheet.rowCount - 1 };
}

/** A claim patient's last-name fragment that matches some but not all of group 2's claims. */
async function claimFilter() {
  const rows = await t.db.select({ last: claims.patientLastName }).from(claims).where(eq(claims.employerPK, 2));
  const last = rows[0]!.last.slice(0, 3);
  return { lastName: last };
}

describe('claim search export', () => {
  it('downloads the whole filtered list as a typed spreadsheet named after the list, group and day', async () => {
    const filter = await claimFilter();
    const list = await post('claimSearch', 'claims@example.com', { ...filter, recordsPerPage: 5 }, '?employerPK=2');
    const { recordCount } = list.json() as { recordCount: number };
    expect(recordCount).toBeGreaterThan(0);

    const res = await post('claimExport', 'claims@example.com', { ...filter, format: 'xlsx' }, '?employerPK=2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename="Claims G000002 ${today}.xlsx"`);
    const { sheet, header, rows } = await readXlsx(res.rawPayload);
    expect(rows).toBe(recordCount);
    expect(header).toContain('Billed Amount');
    const serviceCol = header.indexOf('Service Date') + 1;
    const billedCol = header.indexOf('Billed Amount') + 1;
    const service = sheet.getRow(2).getCell(serviceCol);
    expect(service.value).toBeInstanceOf(Date);
    expect(service.numFmt).toBe('yyyy-mm-dd');
    const billed = sheet.getRow(2).getCell(billedCol);
    expect(typeof billed.value).toBe('number');
    expect(billed.numFmt).toContain('$');

    // The first row is the newest claim of the filter, its date the same calendar day.
    const claimNumber = sheet.getRow(2).getCell(header.indexOf('Claim Number') + 1).value as string;
    const [stored] = await t.db
      .select({ serviceDate: claims.serviceDate })
      .from(claims)
      .where(eq(claims.claimNumber, claimNumber));
    expect((service.value as Date).toISOString().slice(0, 10)).toBe(stored!.serviceDate);
  });

  it('reads in keyset batches without losing or repeating a row', async () => {
    const [all] = await Promise.all([t.db.select({ id: claims.claimID }).from(claims).where(eq(claims.employerPK, 2))]);
    const file = await claimExport(
      { db: t.db, actor: 'test', employerPK: 2, batchSize: 7 },
      { format: 'csv', startDate: '', endDate: '' },
    );
    const records = parse(await buffer(file.data as Readable), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(records).toHaveLength(all.length);
    expect(new Set(records.map((r) => r['Claim Number'])).size).toBe(all.length);
  });

  it('is audited: the call as a read, and the download with its row count', async () => {
    const res = await post('claimExport', 'admin@example.com', { format: 'csv' }, '?employerPK=2');
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .select({ action: auditEvents.action, endpoint: auditEvents.endpoint, detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.employerPK, 2), inArray(auditEvents.action, ['access.read', 'export.download'])));
    expect(rows).toContainEqual(expect.objectContaining({ action: 'access.read', endpoint: 'claimExport' }));
    await expect
      .poll(async () => {
        const downloads = await t.db
          .select({ detail: auditEvents.detail })
          .from(auditEvents)
          .where(eq(auditEvents.action, 'export.download'));
        return downloads.map((d) => d.detail);
      })
      .toContainEqual(
        expect.objectContaining({ list: 'claims', format: 'csv', rowCount: parse(res.body, { bom: true }).length - 1 }),
      );
  });

  it('is refused to roles without claims and for another group', async () => {
    expect((await post('claimExport', 'hr@example.com', { format: 'csv' }, '?employerPK=2')).statusCode).toBe(403);
    expect((await post('claimExport', 'claims@example.com', { format: 'csv' }, '?employerPK=3')).statusCode).toBe(403);
    expect((await post('claimExport', 'claims@example.com', { format: 'pdf' }, '?employerPK=2')).statusCode).toBe(400);
  });
});

describe('member export', () => {
  it('lists every member of the filter with the SSN as its last four only', async () => {
    const list = await post('subscriberList', 'hr@example.com', {
      employerPK: 2,
      includeTermedMembers: true,
      recordsPerPage: 5,
    });
    const { recordCount } = list.json() as { recordCount: number };
    const res = await post('memberExport', 'hr@example.com', {
      employerPK: 2,
      includeTermedMembers: true,
      format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`Members G000002 ${today}.csv`);
    expect(res.body).not.toMatch(FULL_SSN);
    const records = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(recordCount);
    const [one] = await t.db
      .select({ id: subscribers.subscriberID, ssn: subscribers.ssnLast4 })
      .from(subscribers)
      .where(eq(subscribers.employerPK, 2))
      .limit(1);
    expect(records.find((r) => r['Subscriber ID'] === one!.id)?.['SSN (last 4)']).toBe(one!.ssn);
  });

  it('lists, in keyset batches, the members a name search finds through the group’s names', async () => {
    const members = await t.db
      .select({ lastName: subscribers.lastName })
      .from(subscribers)
      .where(eq(subscribers.employerPK, 2));
    // Three letters from inside a name: a "contains" search.
    const lastName = members
      .find((m) => m.lastName.length >= 5)!
      .lastName.slice(1, 4)
      .toUpperCase();
    const expected = await t.db
      .select({ id: subscribers.subscriberID })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), ilike(subscribers.lastName, `%${lastName}%`)));
    const file = await memberExport(
      { db: t.db, actor: 'test', employerPK: 2, batchSize: 2 },
      memberExportBody.parse({ employerPK: 2, lastName, includeTermedMembers: true, format: 'csv' }),
    );
    const records = parse(await buffer(file.data as Readable), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(records.map((r) => r['Subscriber ID']).sort()).toEqual(expected.map((r) => r.id).sort());
  });

  it('is refused to the claims role', async () => {
    expect((await post('memberExport', 'claims@example.com', { employerPK: 2 })).statusCode).toBe(403);
  });
});

describe('request and document exports', () => {
  it('export the filtered enrollment submissions', async () => {
    const form = new URLSearchParams({ employerPK: '2', RequestStatus: 'Submitted', recordsPerPage: '5' });
    const list = await t.app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.requestList),
      headers: { ...(await t.auth('broker@example.com')), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    const { recordCount } = list.json() as { recordCount: number };
    const res = await post('requestExport', 'broker@example.com', {
      employerPK: 2,
      RequestStatus: 'Submitted',
      format: 'xlsx',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`Enrollment Submissions G000002 ${today}.xlsx`);
    const { rows, sheet, header } = await readXlsx(res.rawPayload);
    expect(rows).toBe(recordCount);
    if (rows > 0) expect(sheet.getRow(2).getCell(header.indexOf('Status') + 1).value).toBe('Submitted');
  });

  it('export the funding reports for the funding role only', async () => {
    const list = await post('fundingReportList', 'funding@example.com', { filterOptions: { employerPK: 2 } });
    const { totalCount } = list.json() as { totalCount: number };
    const res = await post('fundingReportExport', 'funding@example.com', {
      filterOptions: { employerPK: 2 },
      format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    expect(parse(res.body, { bom: true, columns: true })).toHaveLength(totalCount);
    expect(
      (await post('fundingReportExport', 'invoice@example.com', { filterOptions: { employerPK: 2 } })).statusCode,
    ).toBe(403);
  });
});
