import { and, asc, count, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../client';
import { createMinimalPdf } from './minimal-pdf';
import {
  claims,
  coverageOptions,
  coverages,
  dependents,
  divisions,
  documents,
  employers,
  fsaElections,
  groupMemberCounts,
  idCards,
  lookupValues,
  plans,
  requests,
  requestStatusHistory,
  subscribers,
  terminations,
} from '../schema';
import { LOOKUP_KINDS } from '../../../src/contracts/lookups';
import { localToday } from '../../lib/calendar';
import { seedDatabase } from './seed-database';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { memberCountDrift } from '../../test/member-counts';

const TABLES = {
  employers,
  divisions,
  plans,
  coverageOptions,
  lookupValues,
  subscribers,
  dependents,
  coverages,
  fsaElections,
  requests,
  requestStatusHistory,
  terminations,
  idCards,
  claims,
  documents,
};

async function tableCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row?.n ?? -1;
  }
  return out;
}

/** Structural PDF check: header, trailer, and every xref offset landing on its object. */
function expectValidPdf(bytes: Buffer): void {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const [, first, size] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(size));
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
  const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
  expect(text.slice(streamStart + length, streamStart + length + '\nendstream'.length)).toBe('\nendstream');
}

describe('minimal PDF writer', () => {
  it('writes a structurally valid single-page PDF and escapes text', () => {
    const pdf = createMinimalPdf({
      title: 'Funding Report (March)',
      lines: ["O'Brien \\ Smith-Jones", 'Total: $1,234.56'],
    });
    expectValidPdf(pdf);
    const text = pdf.toString('latin1');
    expect(text).toContain('(Funding Report \\(March\\)) Tj');
    expect(text).toContain("(O'Brien \\\\ Smith-Jones) Tj");
    expect(text).toContain('/BaseFont /Helvetica');
  });
});

describe('seedDatabase', () => {
  const today = localToday();
  let database: TestDatabase;
  let db: Db;
  let firstCounts: Record<string, number>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    expect(await seedDatabase(db, { today })).toEqual({ seededBase: true, seededLargeGroup: false });
    firstCounts = await tableCounts(db);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('is idempotent: a second run does nothing', async () => {
    expect(await seedDatabase(db, { today })).toEqual({ seededBase: false, seededLargeGroup: false });
    expect(await tableCounts(db)).toEqual(firstCounts);
    expect(firstCounts).toMatchObject({ employers: 4, documents: 4 * 14 * 3 });
    for (const [name, n] of Object.entries(firstCounts)) expect(n, name).toBeGreaterThan(0);
  });

  it('creates the default group 2 with divisions, plans covering today and tiers', async () => {
    const [group] = await db.select().from(employers).where(eq(employers.employerPK, 2));
    expect(group).toMatchObject({
      employerName: 'Acme Manufacturing',
      employerID: 'G000002',
      employerLogoMimeType: 'image/svg+xml',
    });
    expect(Buffer.from(group?.employerLogo ?? '', 'base64').toString()).toMatch(/^<svg [^>]*>.*<\/svg>$/);
    expect((await db.select().from(employers).orderBy(asc(employers.employerPK))).map((e) => e.employerPK)).toEqual([
      2, 3, 4, 5,
    ]);

    const groupDivisions = await db.select().from(divisions).where(eq(divisions.employerPK, 2));
    expect(groupDivisions.length).toBeGreaterThanOrEqual(2);

    const current = await db
      .select()
      .from(plans)
      .where(and(eq(plans.employerPK, 2), lte(plans.contractBeginDate, today), gte(plans.contractEndDate, today)));
    for (const division of groupDivisions) {
      const types = current.filter((p) => p.divisionPK === division.divisionPK).map((p) => p.planType);
      expect(types).toContain('Medical');
      expect(types).toContain('Dental');
      expect(types).toContain('FSA');
    }
    expect(current.every((p) => p.contractBeginDate === `${today.slice(0, 4)}-01-01`)).toBe(true);
    const previous = await db
      .select()
      .from(plans)
      .where(and(eq(plans.employerPK, 2), lte(plans.contractEndDate, today)));
    expect(previous.length).toBeGreaterThan(0);

    const tiers = await db.select().from(coverageOptions).where(eq(coverageOptions.employerPK, 2));
    expect(new Set(tiers.filter((t) => t.isMedical).map((t) => t.name))).toEqual(
      new Set(['Employee Only', 'Employee + Spouse', 'Employee + Child(ren)', 'Family']),
    );
    expect(tiers.some((t) => !t.isMedical)).toBe(true);
  });

  it('gives group 2 about 200 subscribers, some termed, with well-formed identifiers', async () => {
    const members = await db.select().from(subscribers).where(eq(subscribers.employerPK, 2));
    expect(members.length).toBeGreaterThanOrEqual(180);
    expect(members.length).toBeLessThanOrEqual(220);
    const termed = members.filter((m) => m.termDate !== null);
    expect(termed.length).toBeGreaterThan(5);
    expect(termed.length).toBeLessThan(members.length / 4);
    for (const m of termed) expect(m.termDate! < today).toBe(true);

    for (const m of members) {
      expect(m.ssn).toMatch(/^(?!000|666|9)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/);
      expect(m.ssnLast4).toBe(m.ssn.slice(-4));
      expect(m.phone1).toMatch(/^\d{10}$/);
      expect(m.dateOfBirth >= '1960-01-01' && m.dateOfBirth <= '2002-12-31').toBe(true);
      expect(m.firstName).toMatch(/^[A-Za-z][A-Za-z '`-]{0,24}$/);
      expect(m.lastName).toMatch(/^[A-Za-z][A-Za-z '`-]{0,24}$/);
    }
    expect(new Set(members.map((m) => m.ssn)).size).toBe(members.length);
    expect(members.some((m) => m.lastName.includes("'"))).toBe(true);
    expect(members.some((m) => m.lastName.includes('-'))).toBe(true);

    const others = await db
      .select({ employerPK: subscribers.employerPK, n: count() })
      .from(subscribers)
      .groupBy(subscribers.employerPK);
    for (const o of others.filter((x) => x.employerPK !== 2)) expect(o.n).toBeGreaterThanOrEqual(50);
  });

  it('seeds lookups of every kind with the pks the UI relies on', async () => {
    const rows = await db.select().from(lookupValues);
    const kinds = new Set(rows.map((r) => r.kind));
    for (const kind of LOOKUP_KINDS) expect(kinds.has(kind), kind).toBe(true);
    const pks = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.pk);
    expect(pks('relationship')).toEqual(expect.arrayContaining([1, 3, 24]));
    expect(pks('changePlanReason')).toContain(14);
    expect(pks('terminatePlanReason')).not.toContain(99);
    expect(pks('terminatePlanReason').length).toBeGreaterThanOrEqual(6);
    expect(pks('gender')).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(pks('maritalStatus')).toContain(1);
    expect(pks('payFrequency').length).toBe(5);
    const states = rows.filter((r) => r.kind === 'state');
    expect(states.length).toBe(51);
    expect(states.every((s) => /^[A-Z]{2}$/.test(s.code ?? ''))).toBe(true);
    expect(rows.some((r) => r.kind === 'changePlanReason' && r.commonReason)).toBe(true);
  });

  it('uses spouse, child and domestic-partner relationships, with some dependents termed', async () => {
    const rows = await db
      .select({ relationshipPK: dependents.relationshipPK, n: count(), termed: count(dependents.termDate) })
      .from(dependents)
      .groupBy(dependents.relationshipPK);
    expect(rows.map((r) => r.relationshipPK).sort((a, b) => a - b)).toEqual([1, 3, 24]);
    expect(rows.reduce((sum, r) => sum + r.termed, 0)).toBeGreaterThan(0);
  });

  it('covers most subscribers with medical and a matching tier', async () => {
    const rows = await db
      .select({ planType: plans.planType, tier: coverageOptions.name, isMedical: coverageOptions.isMedical })
      .from(coverages)
      .innerJoin(plans, eq(plans.planPK, coverages.planPK))
      .innerJoin(coverageOptions, eq(coverageOptions.coverageOptionPK, coverages.coverageOptionPK))
      .innerJoin(subscribers, eq(subscribers.subscriberPK, coverages.subscriberPK))
      .where(and(eq(subscribers.employerPK, 2), isNull(coverages.dependentPK)));
    expect(rows.filter((r) => r.planType === 'Medical').length).toBeGreaterThan(150);
    expect(rows.filter((r) => r.planType === 'Dental').length).toBeGreaterThan(80);
    expect(rows.every((r) => r.isMedical === (r.planType === 'Medical'))).toBe(true);

    // A subscriber with no covered dependents is on 'Employee Only'.
    const mismatched = await db.execute(sql`
      select count(*)::int as n from ${coverages} c
      join ${coverageOptions} o on o.coverage_option_pk = c.coverage_option_pk
      where c.dependent_pk is null and o.tier_code in ('EE', 'DEE')
        and exists (select 1 from ${coverages} d where d.subscriber_pk = c.subscriber_pk
                    and d.plan_pk = c.plan_pk and d.dependent_pk is not null and d.end_date is null)`);
    expect(Number((mismatched.rows as { n: number }[])[0]?.n)).toBe(0);
  });

  it('seeds about 600 consistent claims for group 2 within the last 18 months', async () => {
    const rows = await db.select().from(claims).where(eq(claims.employerPK, 2));
    expect(rows.length).toBe(600);
    for (const c of rows) {
      expect(c.billedAmount).toBeGreaterThanOrEqual(c.allowedAmount);
      expect(c.allowedAmount).toBeGreaterThanOrEqual(c.planPayment);
      expect(c.patientOwesAmount).toBeCloseTo(c.allowedAmount - c.planPayment, 2);
      expect(c.serviceDate < today).toBe(true);
      if (c.paymentDate) expect(c.paymentDate >= c.serviceDate && c.paymentDate <= today).toBe(true);
    }
    const inProcess = rows.filter((c) => c.paymentDate === null).length;
    expect(inProcess).toBeGreaterThan(20);
    expect(inProcess).toBeLessThan(120);
  });

  it('stores real PDFs for funding reports, invoices and monthly reports', async () => {
    const docs = await db.select().from(documents).where(eq(documents.employerPK, 2));
    expect(docs.length).toBe(14 * 3);
    for (const kind of ['funding', 'invoice', 'monthly'] as const) {
      expect(docs.filter((d) => d.kind === kind).length).toBe(14);
    }
    expect(docs.map((d) => d.documentName)).toContain(
      `Funding Report ${docs.find((d) => d.kind === 'funding')?.documentName.slice(15, 22)}.pdf`,
    );
    for (const d of docs) {
      expect(d.documentName).toMatch(/^(Funding Report|Invoice|SpecAgg) \d{4}-\d{2}\.pdf$/);
      expect(d.createDate <= today).toBe(true);
      expect(Buffer.isBuffer(d.content)).toBe(true);
      expectValidPdf(d.content);
      expect(d.content.toString('latin1')).toContain('Acme Manufacturing');
    }
  });

  it('seeds submissions in several statuses with history, plus ID cards and FSA elections', async () => {
    const rows = await db.select().from(requests).where(eq(requests.employerPK, 2));
    expect(new Set(rows.map((r) => r.type))).toEqual(
      new Set(['NewEnrollment', 'Subscriber', 'ChangeCoverage', 'Terminate']),
    );
    expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThanOrEqual(5);
    const history = await db.select().from(requestStatusHistory);
    for (const r of rows) {
      const own = history.filter((h) => h.requestPK === r.requestPK);
      expect(own.at(-1)?.status).toBe(r.status);
    }
    const newOnes = rows.filter((r) => r.type === 'NewEnrollment' && r.subscriberPK === null);
    expect(newOnes.every((r) => /^\d{3}-\d{2}-\d{4}$/.test(r.ssn ?? ''))).toBe(true);
    expect(rows.every((r) => !JSON.stringify(r.payload).match(/\d{3}-\d{2}-\d{4}/))).toBe(true);

    const [cards] = await db.select({ n: count() }).from(idCards);
    const [fsa] = await db.select({ n: count() }).from(fsaElections);
    const [all] = await db.select({ n: count() }).from(subscribers);
    expect(cards!.n / all!.n).toBeGreaterThan(0.15);
    expect(fsa!.n).toBeGreaterThan(0);
  });

  // Builds and seeds another database: allow for a loaded machine.
  it('is deterministic: a second fresh database gets the same people', { timeout: 60_000 }, async () => {
    const other = await createTestDatabase();
    try {
      await seedDatabase(other.db, { today });
      const pick = (d: Db) =>
        d
          .select({
            first: subscribers.firstName,
            last: subscribers.lastName,
            ssn: subscribers.ssn,
            dob: subscribers.dateOfBirth,
          })
          .from(subscribers)
          .orderBy(asc(subscribers.subscriberPK))
          .limit(25);
      const [a, b] = [await pick(db), await pick(other.db)];
      expect(b[0]).toEqual(a[0]);
      expect(b).toEqual(a);
      expect(await tableCounts(other.db)).toEqual(firstCounts);

      // The benchmark group can be added afterwards, once.
      expect(await seedDatabase(other.db, { today, largeGroupMembers: 300 })).toEqual({
        seededBase: false,
        seededLargeGroup: true,
      });
      const [large] = await other.db.select({ n: count() }).from(subscribers).where(eq(subscribers.employerPK, 6));
      expect(large?.n).toBe(300);
      const [uncovered] = await other.db
        .select({ n: count() })
        .from(subscribers)
        .where(
          and(
            eq(subscribers.employerPK, 6),
            sql`not exists (select 1 from ${coverages} c where c.subscriber_pk = ${subscribers.subscriberPK})`,
          ),
        );
      expect(uncovered?.n).toBe(0);
      const [covered] = await other.db.select({ n: count() }).from(coverages).where(isNotNull(coverages.dependentPK));
      expect(covered!.n).toBeGreaterThan(0);
      // The member counts the lists read are exact for every group, the bulk-inserted one included.
      expect(await memberCountDrift(other.db)).toEqual([]);
      const [kept] = await other.db.select().from(groupMemberCounts).where(eq(groupMemberCounts.employerPK, 6));
      expect(kept?.members).toBe(300);
      // The planner knows the table's new size right away, and its pages are all-visible, so sorted
      // pages are read from the index alone.
      const stats = await other.db.execute<{ reltuples: number; relallvisible: number }>(
        sql`select reltuples, relallvisible from pg_class where relname = 'subscribers'`,
      );
      expect(Number(stats.rows[0]?.reltuples)).toBeGreaterThanOrEqual(300);
      expect(Number(stats.rows[0]?.relallvisible)).toBeGreaterThan(0);
      expect((await seedDatabase(other.db, { today, largeGroupMembers: 300 })).seededLargeGroup).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('moves the employer identity past the explicit pks', async () => {
    const [created] = await db
      .insert(employers)
      .values({ employerName: 'Probe', employerID: 'G999999' })
      .returning({ employerPK: employers.employerPK });
    expect(created!.employerPK).toBeGreaterThan(5);
    await db.delete(employers).where(eq(employers.employerPK, created!.employerPK));
  });
});

describe('createTestDatabase({ seed: true })', () => {
  it('returns a migrated, seeded database', { timeout: 60_000 }, async () => {
    const seeded = await createTestDatabase({ seed: true });
    try {
      const [row] = await seeded.db.select({ n: count() }).from(subscribers).where(eq(subscribers.employerPK, 2));
      expect(row?.n).toBe(200);
    } finally {
      await seeded.close();
    }
  });
});
