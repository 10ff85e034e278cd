import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, ilike, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { claim as claimSchema, type Claim } from '../../src/contracts/claims';
import { claims, employers, subscribers } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

const FULL_SSN = /\d{3}-\d{2}-\d{4}/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const search = async (body: Record<string, unknown>, opts: { email?: string; employerPK?: number } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${endpointUrl(endpoints.claimSearch)}?employerPK=${opts.employerPK ?? 2}`,
    headers: await t.auth(opts.email ?? 'claims@example.com'),
    payload: body,
  });
const list = async (body: Record<string, unknown>) => {
  const res = await search(body);
  expect(res.statusCode).toBe(200);
  return res.json() as { list: Claim[]; recordCount: number };
};
const eob = async (query: Record<string, number>, email = 'claims@example.com') =>
  t.app.inject({
    method: 'GET',
    url: `${endpointUrl(endpoints.claimEobPdf)}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    headers: await t.auth(email),
  });

async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

const inGroup2 = eq(claims.employerPK, 2);

describe('who may search claims', () => {
  it('serves the claims role and group admins, refuses the other roles', async () => {
    expect((await search({})).statusCode).toBe(200);
    expect((await search({}, { email: 'admin@example.com' })).statusCode).toBe(200);
    for (const email of ['hr@example.com', 'broker@example.com', 'idcard@example.com']) {
      expect((await search({}, { email })).statusCode, email).toBe(403);
    }
  });

  it('refuses a group the user has no role in', async () => {
    expect((await search({}, { employerPK: 3 })).statusCode).toBe(403);
  });

  it('keeps the EOB to the claims role and answers 404 for another group’s claim', async () => {
    const [own] = await t.db.select().from(claims).where(inGroup2).limit(1);
    for (const email of ['hr@example.com', 'broker@example.com', 'idcard@example.com']) {
      expect((await eob({ claimPK: own!.claimID, subscriberPK: own!.subscriberPK }, email)).statusCode, email).toBe(
        403,
      );
    }
    const [other] = await t.db.select().from(claims).where(eq(claims.employerPK, 3)).limit(1);
    expect((await eob({ claimPK: other!.claimID, subscriberPK: other!.subscriberPK })).statusCode).toBe(404);
    expect((await eob({ claimPK: 99_999_999, subscriberPK: own!.subscriberPK })).statusCode).toBe(404);
  });
});

describe('ClaimDetails', () => {
  it('pages 10 at a time from page 0, newest service first, with the group’s count', async () => {
    const total = await t.db.$count(claims, inGroup2);
    const first = await list({});
    expect(first.recordCount).toBe(total);
    expect(first.list).toHaveLength(10);
    const second = await list({ page: 1 });
    expect(second.list).toHaveLength(10);
    // Later pages bring the total of their filter: the server answers it back without counting.
    const held = await list({ page: 1, knownCount: total + 3 });
    expect(held).toEqual({ list: second.list, recordCount: total + 3 });
    const both = [...first.list, ...second.list];
    expect(new Set(both.map((c) => c.claimID)).size).toBe(20);
    const keys = both.map((c) => `${c.serviceDate}|${String(c.claimID).padStart(9, '0')}`);
    expect(keys).toEqual([...keys].sort().reverse());

    const lastPage = Math.ceil(total / 10) - 1;
    expect((await list({ page: lastPage })).list).toHaveLength(total - lastPage * 10);
    expect((await list({ page: lastPage + 1 })).list).toHaveLength(0);
  });

  it('answers claims in the contract’s shape, amounts as numbers, never an SSN', async () => {
    const res = await search({ recordsPerPage: 100 });
    expect(res.body).not.toMatch(FULL_SSN);
    for (const c of res.json().list as unknown[]) expect(claimSchema.strict().safeParse(c).success).toBe(true);
  });

  it('filters by patient names, case-insensitively, by substring', async () => {
    const [sample] = await t.db
      .select()
      .from(claims)
      .where(and(inGroup2, isNull(claims.patientPK)))
      .limit(1);
    const last = sample!.patientLastName.slice(1, 4).toUpperCase();
    const first = sample!.patientFirstName.slice(0, 2).toLowerCase();
    const expected = await t.db.$count(
      claims,
      and(inGroup2, ilike(claims.patientLastName, `%${last}%`), ilike(claims.patientFirstName, `%${first}%`)),
    );
    const found = await list({ lastName: last, firstName: first, recordsPerPage: 100 });
    expect(found.recordCount).toBe(expected);
    expect(found.list.map((c) => c.claimID)).toContain(sample!.claimID);
    for (const c of found.list) {
      expect(c.patientLastName.toLowerCase()).toContain(last.toLowerCase());
      expect(c.patientFirstName.toLowerCase()).toContain(first);
    }
    expect((await list({ lastName: 'no such name' })).recordCount).toBe(0);
    // Wildcards typed by the user match themselves.
    expect((await list({ lastName: '%' })).recordCount).toBe(0);
  });

  it('filters by service date range, both ends included', async () => {
    const [a] = await t.db.select().from(claims).where(inGroup2).orderBy(claims.serviceDate).offset(100).limit(1);
    const [far] = await t.db.select().from(claims).where(inGroup2).orderBy(claims.serviceDate).offset(160).limit(1);
    const startDate = a!.serviceDate;
    const endDate = far!.serviceDate;
    const expected = await t.db.$count(
      claims,
      and(inGroup2, gte(claims.serviceDate, startDate), lte(claims.serviceDate, endDate)),
    );
    const found = await list({ startDate, endDate, sortColumn: 'serviceDate', sortOrder: 'ASC', recordsPerPage: 100 });
    expect(found.recordCount).toBe(expected);
    expect(found.list.every((c) => c.serviceDate >= startDate && c.serviceDate <= endDate)).toBe(true);
    expect(found.list.some((c) => c.serviceDate === startDate)).toBe(true);
    const oneDay = await list({ startDate: endDate, endDate, recordsPerPage: 100 });
    expect(oneDay.recordCount).toBe(await t.db.$count(claims, and(inGroup2, eq(claims.serviceDate, endDate))));
    expect(oneDay.list.map((c) => c.claimID)).toContain(far!.claimID);
    // Empty strings are the cleared filter.
    expect((await list({ startDate: '', endDate: '', firstName: '', lastName: '' })).recordCount).toBe(
      await t.db.$count(claims, inGroup2),
    );
  });

  it('sorts on the chosen column both ways', async () => {
    const asc = (await list({ sortColumn: 'billedAmount', sortOrder: 'ASC', recordsPerPage: 100 })).list.map(
      (c) => c.billedAmount,
    );
    const desc = (await list({ sortColumn: 'billedAmount', sortOrder: 'DESC', recordsPerPage: 100 })).list.map(
      (c) => c.billedAmount,
    );
    expect(asc).toEqual([...asc].sort((x, y) => x - y));
    expect(desc).toEqual([...desc].sort((x, y) => y - x));
    expect(desc[0]).toBeGreaterThan(asc[0]!);

    // Claim numbers are digits only, so no database collation can order them differently.
    const numbers = (await list({ sortColumn: 'claimNumber', sortOrder: 'DESC', recordsPerPage: 100 })).list.map(
      (c) => c.claimNumber,
    );
    expect(numbers).toEqual([...numbers].sort().reverse());
    const oldest = (await list({ sortColumn: 'serviceDate', sortOrder: 'ASC' })).list.map((c) => c.serviceDate);
    expect(oldest).toEqual([...oldest].sort());
  });

  it('rejects an unknown sort column or order with a 400 naming the field', async () => {
    const bad = await search({ sortColumn: 'ssn' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('sortColumn');
    expect((await search({ sortColumn: 'serviceDate', sortOrder: 'UP' })).statusCode).toBe(400);
    expect((await search({ recordsPerPage: 0 })).statusCode).toBe(400);
  });

  it('answers a null payment date for claims in process', async () => {
    const [pending] = await t.db
      .select()
      .from(claims)
      .where(and(inGroup2, isNull(claims.paymentDate)))
      .limit(1);
    const found = await list({
      startDate: pending!.serviceDate,
      endDate: pending!.serviceDate,
      lastName: pending!.patientLastName,
      recordsPerPage: 100,
    });
    const hit = found.list.find((c) => c.claimID === pending!.claimID);
    expect(hit).toMatchObject({ paymentDate: null, claimNumber: pending!.claimNumber });
    const paid = (await list({ sortColumn: 'paymentDate', sortOrder: 'ASC' })).list;
    expect(paid.every((c) => typeof c.paymentDate === 'string')).toBe(true);
  });
});

describe('ClaimDetailsReportPDFforHR', () => {
  it('answers an inline EOB with group, patient, provider and amounts, never an SSN', async () => {
    const [row] = await t.db
      .select({ c: claims, ssn: subscribers.ssn, groupName: employers.employerName })
      .from(claims)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, claims.subscriberPK))
      .innerJoin(employers, eq(employers.employerPK, claims.employerPK))
      .where(and(inGroup2, isNotNull(claims.paymentDate), isNotNull(claims.patientPK)))
      .limit(1);
    const c = row!.c;
    const res = await eob({ claimPK: c.claimID, subscriberPK: c.subscriberPK, dependentPK: c.patientPK! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^inline; filename="EOB ${c.claimNumber}\\.pdf"`));
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(row!.groupName);
    expect(text).toContain(`${c.patientFirstName} ${c.patientLastName}`);
    expect(text).toContain(c.providerName);
    expect(text).toContain(c.claimNumber);
    expect(text).toContain(c.claimType);
    const usd = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    for (const amount of [c.billedAmount, c.allowedAmount, c.planPayment, c.patientOwesAmount])
      expect(text).toContain(usd(amount));
    const [y, m, d] = c.paymentDate!.split('-');
    expect(text).toContain(`${m}/${d}/${y}`);
    expect(text).not.toContain('In-Process');
    expect(text).not.toMatch(FULL_SSN);
    expect(text).not.toContain(row!.ssn);
  });

  it('says In-Process for a claim not yet paid, without a dependent for the subscriber’s own claim', async () => {
    const [c] = await t.db
      .select()
      .from(claims)
      .where(and(inGroup2, isNull(claims.paymentDate), isNull(claims.patientPK)))
      .limit(1);
    const res = await eob({ claimPK: c!.claimID, subscriberPK: c!.subscriberPK });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('In-Process');
    expect(text).toContain(`${c!.patientFirstName} ${c!.patientLastName}`);
  });

  it('answers 404 when the subscriber or dependent is not the claim’s', async () => {
    const [c] = await t.db
      .select()
      .from(claims)
      .where(and(inGroup2, isNotNull(claims.patientPK)))
      .limit(1);
    const [otherSubscriber] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), ne(subscribers.subscriberPK, c!.subscriberPK)))
      .limit(1);
    expect((await eob({ claimPK: c!.claimID, subscriberPK: otherSubscriber!.subscriberPK })).statusCode).toBe(404);
    expect(
      (await eob({ claimPK: c!.claimID, subscriberPK: c!.subscriberPK, dependentPK: c!.patientPK! + 100_000 }))
        .statusCode,
    ).toBe(404);
    const [own] = await t.db
      .select()
      .from(claims)
      .where(and(inGroup2, isNull(claims.patientPK)))
      .limit(1);
    expect(
      (await eob({ claimPK: own!.claimID, subscriberPK: own!.subscriberPK, dependentPK: c!.patientPK! })).statusCode,
    ).toBe(404);
  });
});
