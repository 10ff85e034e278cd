// Demo data for development, tests and benchmarks. Deterministic for a given `today`: each group draws
// from its own seeded Faker, and every date is derived from `today`, never from the wall clock.
// Idempotent: it runs in one transaction and does nothing when employer groups already exist.
import type { Faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { bulkInsert } from './bulk-insert.js';
import type { Db } from './client.js';
import { createMinimalPdf } from './minimal-pdf.js';
import {
  coverageOptions,
  coverages,
  claims,
  dependents,
  divisions,
  documents,
  employers,
  fsaElections,
  idCards,
  lookupValues,
  plans,
  requests,
  requestStatusHistory,
  subscribers,
  terminations,
} from './schema.js';
import type { ClaimType } from '../../src/contracts/claims';
import type { DocumentKind } from '../../src/contracts/documents';
import type { PlanType } from '../../src/contracts/employers';
import type { LookupKind } from '../../src/contracts/lookups';
import type { RequestStatus } from '../../src/contracts/requests';
import type { RequestType } from '../../src/contracts/subscribers';
import {
  addDays,
  addMonths,
  addYears,
  atTime,
  daysBetween,
  firstOfNextMonth,
  isIsoDate,
  localToday,
  maxDate,
  minDate,
  yearOf,
} from '../lib/calendar';
import {
  DENTAL_PLANS,
  EMPLOYERS,
  FSA_PLANS,
  LARGE_GROUP,
  LOOKUPS,
  MEDICAL_PLANS,
  PAY_FREQUENCIES,
  PROVIDERS,
  PUNCTUATED_FIRST_NAMES,
  PUNCTUATED_LAST_NAMES,
  RELATIONSHIP,
  TERMINATE_PLAN_REASONS,
  TIERS,
  type EmployerSeed,
  type PlanTemplate,
} from './seed-data.js';
import {
  SEED,
  address,
  cents,
  createFaker,
  createSsnFactory,
  emailFor,
  firstName,
  genderPK,
  initial,
  last4,
  lastName,
  pad,
  phone,
  randomDate,
  sexOf,
  type Address,
} from './seed-people.js';

export type SeedOptions = {
  /** 'yyyy-MM-dd'; defaults to the local date. Every seeded date is relative to it. */
  today?: string;
  /** When > 0, also create employer 6 'Large Benchmark Group' with this many subscribers. */
  largeGroupMembers?: number;
};

export type SeedResult = { seededBase: boolean; seededLargeGroup: boolean };

/** Who the seed records as creator/requester where a user `sub` is expected. */
export const SEED_ACTOR = 'seed';

const INSERT_BATCH = 1000;
const LARGE_BATCH = 5000;
// Arbitrary constant shared by concurrent seeders so only one of them runs at a time.
const SEED_LOCK_KEY = 20250724;

type NewSubscriber = typeof subscribers.$inferInsert;
type NewDependent = typeof dependents.$inferInsert;
type NewCoverage = typeof coverages.$inferInsert;

export async function seedDatabase(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const today = opts.today ?? localToday();
  if (!isIsoDate(today)) throw new Error(`seedDatabase: today must be yyyy-MM-dd, got '${today}'`);
  const largeGroupMembers = Math.max(0, Math.floor(opts.largeGroupMembers ?? 0));

  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ employerPK: employers.employerPK }).from(employers);
    const seededBase = existing.length === 0;
    // The benchmark group can be added to an already seeded database, once.
    const seededLargeGroup = largeGroupMembers > 0 && !existing.some((e) => e.employerPK === LARGE_GROUP.employerPK);

    if (seededBase) {
      await seedLookups(tx);
      await insertEmployers(tx, EMPLOYERS);
      for (const group of EMPLOYERS) await seedGroup(tx, group, today);
    }
    if (seededLargeGroup) {
      await insertEmployers(tx, [LARGE_GROUP]);
      await seedLargeGroup(tx, largeGroupMembers, today);
    }
    return { seededBase, seededLargeGroup };
  });
  // Fresh planner statistics, so sorted and filtered lists over a large group use its indexes at once.
  if (result.seededLargeGroup) await db.execute(sql`analyze`);
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Shared helpers.

/** Plain VALUES inserts, for tables with jsonb/bytea columns that bulkInsert does not handle. */
async function insertInBatches<T extends PgTable>(db: Db, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db.insert(table).values(rows.slice(i, i + INSERT_BATCH));
  }
}

async function seedLookups(db: Db): Promise<void> {
  const rows = (Object.entries(LOOKUPS) as [LookupKind, (typeof LOOKUPS)[LookupKind]][]).flatMap(([kind, values]) =>
    values.map((v, i) => ({
      kind,
      pk: v.pk,
      name: v.name,
      code: v.code ?? null,
      sortOrder: i + 1,
      commonReason: v.commonReason ?? false,
    })),
  );
  await db.insert(lookupValues).values(rows);
}

/** A square badge in the group's colour with its initials; stored as base64 SVG. */
export function employerLogoSvg(name: string, color: string): string {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<rect width="96" height="96" rx="18" fill="${color}"/>`,
    '<circle cx="74" cy="22" r="12" fill="#ffffff" fill-opacity="0.3"/>',
    '<text x="48" y="61" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="700" ',
    `fill="#ffffff" text-anchor="middle">${initials}</text>`,
    '</svg>',
  ].join('');
}

async function insertEmployers(db: Db, groups: EmployerSeed[]): Promise<void> {
  await db.insert(employers).values(
    groups.map((g) => ({
      employerPK: g.employerPK,
      employerName: g.employerName,
      employerID: g.employerID,
      employerLogo: Buffer.from(employerLogoSvg(g.employerName, g.logoColor)).toString('base64'),
      employerLogoMimeType: 'image/svg+xml',
      groupEffectiveDate: g.groupEffectiveDate,
    })),
  );
  // Explicit pks leave the identity sequence behind; move it past them so later inserts don't collide.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('employers', 'employer_pk'), (select max(employer_pk) from employers))`,
  );
}

type Structure = {
  divisionPKs: number[];
  /** key: `${divisionPK}|${planType}|${templateIndex}|${year}` */
  plan: Map<string, number>;
  /** key: `${divisionPK}|${isMedical}|${tierCode}` */
  tier: Map<string, number>;
};

const planKey = (divisionPK: number, type: PlanType, index: number, year: number) =>
  `${divisionPK}|${type}|${index}|${year}`;
const tierKey = (divisionPK: number, isMedical: boolean, code: string) => `${divisionPK}|${isMedical}|${code}`;

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`seed: missing ${what}`);
  return value;
}

/** Divisions, plans for the previous and current plan year (Jan 1 - Dec 31), and tiers. */
async function insertStructure(db: Db, group: EmployerSeed, today: string): Promise<Structure> {
  const insertedDivisions = await db
    .insert(divisions)
    .values(group.divisions.map((d) => ({ employerPK: group.employerPK, ...d })))
    .returning({ divisionPK: divisions.divisionPK });
  const divisionPKs = insertedDivisions.map((d) => d.divisionPK);

  const year = yearOf(today);
  const menus: [PlanType, PlanTemplate[]][] = [
    ['Medical', MEDICAL_PLANS.slice(0, group.medical)],
    ['Dental', DENTAL_PLANS.slice(0, group.dental)],
    ['FSA', FSA_PLANS.slice(0, group.fsa)],
  ];
  const planRows: (typeof plans.$inferInsert)[] = [];
  const planKeys: string[] = [];
  for (const divisionPK of divisionPKs) {
    for (const planYear of [year - 1, year]) {
      for (const [planType, templates] of menus) {
        templates.forEach((t, index) => {
          planKeys.push(planKey(divisionPK, planType, index, planYear));
          planRows.push({
            employerPK: group.employerPK,
            divisionPK,
            planType,
            planName: t.name,
            planDescription: `${t.description} (plan year ${planYear})`,
            planCode: t.code,
            networkCode: t.network,
            contractBeginDate: `${planYear}-01-01`,
            contractEndDate: `${planYear}-12-31`,
          });
        });
      }
    }
  }
  const insertedPlans = await db.insert(plans).values(planRows).returning({ planPK: plans.planPK });
  const plan = new Map(insertedPlans.map((p, i) => [need(planKeys[i], 'plan key'), p.planPK]));

  const tierRows = divisionPKs.flatMap((divisionPK) =>
    [true, false].flatMap((isMedical) =>
      TIERS.map((t, i) => ({
        employerPK: group.employerPK,
        divisionPK,
        isMedical,
        name: t.name,
        tierCode: isMedical ? t.code : `D${t.code}`,
        requiresDependents: t.requiresDependents,
        sortOrder: i + 1,
      })),
    ),
  );
  const insertedTiers = await db.insert(coverageOptions).values(tierRows).returning({
    pk: coverageOptions.coverageOptionPK,
    divisionPK: coverageOptions.divisionPK,
    isMedical: coverageOptions.isMedical,
    tierCode: coverageOptions.tierCode,
  });
  const tier = new Map(
    insertedTiers.map((t) => [tierKey(t.divisionPK, t.isMedical, t.tierCode.replace(/^D/, '')), t.pk]),
  );
  return { divisionPKs, plan, tier };
}

function tierCodeFor(relationships: number[]): string {
  const partner = relationships.some((r) => r === RELATIONSHIP.spouse || r === RELATIONSHIP.domesticPartner);
  const children = relationships.some((r) => r === RELATIONSHIP.child);
  return need(
    TIERS.find((t) => t.partner === partner && t.children === children),
    'tier',
  ).code;
}

// ---------------------------------------------------------------------------------------------------
// Demo groups.

type GenDependent = { row: Omit<NewDependent, 'subscriberPK'> };

type GenSubscriber = {
  row: NewSubscriber & { divisionPK: number; effectiveDate: string };
  dependents: GenDependent[];
  medical: number | null;
  dental: number | null;
  fsa: { index: number; amount: number; balance: number }[];
  idCard: boolean;
};

type Member = { sub: GenSubscriber; subscriberPK: number; dependentPKs: Map<string, number> };

function domainOf(group: EmployerSeed): string {
  return `${group.employerName.toLowerCase().replace(/[^a-z]+/g, '-')}.example.com`;
}

function generateSubscriber(
  f: Faker,
  group: EmployerSeed,
  structure: Structure,
  index: number,
  today: string,
  nextSsn: () => string,
): GenSubscriber {
  const year = yearOf(today);
  const gender = genderPK(f);
  const first = index % 41 === 9 ? f.helpers.arrayElement(PUNCTUATED_FIRST_NAMES) : firstName(f, sexOf(gender));
  const last =
    index % 23 === 4
      ? (PUNCTUATED_LAST_NAMES[Math.floor(index / 23) % PUNCTUATED_LAST_NAMES.length] ?? 'Smith')
      : lastName(f);
  const dateOfBirth = randomDate(f, '1960-01-01', '2002-12-31');
  // Exactly one in ten is termed, so list filters always have termed members to show.
  const termed = index % 10 === 3;
  // Termed 90-400 days ago, but never before the previous plan year so a plan exists for the coverage.
  const termDate = termed
    ? randomDate(f, maxDate(addDays(today, -400), `${year - 1}-01-02`), addDays(today, -90))
    : null;
  const hireTo = termDate ? addDays(termDate, -120) : addDays(today, -14);
  const hireFrom = minDate(maxDate(addYears(dateOfBirth, 18), addYears(group.groupEffectiveDate, -8)), hireTo);
  const dateOfHire = randomDate(f, hireFrom, hireTo);
  const effectiveDate = maxDate(firstOfNextMonth(dateOfHire), group.groupEffectiveDate);
  const home = address(f);
  const ssn = nextSsn();
  const frequency = f.helpers.weightedArrayElement([
    { value: PAY_FREQUENCIES[0]!, weight: 15 },
    { value: PAY_FREQUENCIES[1]!, weight: 50 },
    { value: PAY_FREQUENCIES[2]!, weight: 20 },
    { value: PAY_FREQUENCIES[3]!, weight: 10 },
    { value: PAY_FREQUENCIES[4]!, weight: 5 },
  ]);
  const annualPay = f.number.int({ min: 32_000, max: 185_000 });
  const medical = f.datatype.boolean({ probability: 0.88 })
    ? f.helpers.weightedArrayElement([50, 30, 20].slice(0, group.medical).map((weight, value) => ({ value, weight })))
    : null;
  const dental = f.datatype.boolean({ probability: medical === null ? 0.2 : 0.7 })
    ? f.number.int({ min: 0, max: group.dental - 1 })
    : null;
  const age = yearOf(today) - yearOf(dateOfBirth);

  const sub: GenSubscriber = {
    row: {
      employerPK: group.employerPK,
      subscriberID: `S${pad(group.employerPK, 2)}${pad(index + 1, 6)}`,
      firstName: first,
      middleName: f.datatype.boolean({ probability: 0.6 }) ? initial(f) : null,
      lastName: last,
      ssn,
      ssnLast4: last4(ssn),
      dateOfBirth,
      genderPK: gender,
      maritalStatusPK: 1,
      ...home,
      phone1: phone(f),
      phone2: f.datatype.boolean({ probability: 0.3 }) ? phone(f) : null,
      email: emailFor(f, first, last, domainOf(group)),
      occupation: f.person.jobArea(),
      jobTitle: f.person.jobTitle(),
      payRate: cents(annualPay / frequency.periodsPerYear),
      payRateFrequencyPK: frequency.pk,
      dateOfHire,
      effectiveDate,
      isCoveredByMedicare: age >= 65 && f.datatype.boolean({ probability: 0.5 }),
      annualHSAContribution:
        medical !== null && MEDICAL_PLANS[medical]?.code === 'MHDHP3K'
          ? f.helpers.arrayElement([600, 1200, 2400, 3000, 4300])
          : null,
      divisionPK: f.helpers.arrayElement(structure.divisionPKs),
      termDate,
      // Record times follow the story (entered at hire), not the moment the seed ran.
      createdAt: atTime(minDate(dateOfHire, today), 15),
      updatedAt: atTime(minDate(termDate ?? dateOfHire, today), 15),
    },
    dependents: [],
    medical,
    dental,
    fsa: [],
    idCard: false,
  };

  generateDependents(f, sub, home, today, nextSsn);

  if (!termed && group.fsa > 0 && f.datatype.boolean({ probability: 0.2 })) {
    const elapsed = Math.min(1, Math.max(0, daysBetween(`${year}-01-01`, today) / 365));
    const health = f.helpers.arrayElement([500, 750, 1000, 1200, 1500, 2000, 2500, 2850, 3200]);
    sub.fsa.push({
      index: 0,
      amount: health,
      balance: cents(health * (1 - elapsed * f.number.float({ min: 0.3, max: 1 }))),
    });
    if (group.fsa > 1 && f.datatype.boolean({ probability: 0.3 })) {
      const care = f.helpers.arrayElement([2000, 2500, 5000]);
      sub.fsa.push({
        index: 1,
        amount: care,
        balance: cents(care * (1 - elapsed * f.number.float({ min: 0.5, max: 1 }))),
      });
    }
  }
  sub.idCard = !termed && medical !== null && f.datatype.boolean({ probability: 0.34 });
  return sub;
}

// Dependents draw SSNs from the group's factory too, so every SSN in a group is unique.
function generateDependents(f: Faker, sub: GenSubscriber, home: Address, today: string, nextSsn: () => string): void {
  const s = sub.row;
  const count = f.helpers.weightedArrayElement([
    { value: 0, weight: 35 },
    { value: 1, weight: 20 },
    { value: 2, weight: 20 },
    { value: 3, weight: 15 },
    { value: 4, weight: 10 },
  ]);
  const hasPartner = count > 0 && f.datatype.boolean({ probability: 0.7 });
  const domestic = hasPartner && f.datatype.boolean({ probability: 0.12 });
  s.maritalStatusPK = hasPartner
    ? domestic
      ? 6
      : 2
    : f.helpers.weightedArrayElement([
        { value: 1, weight: 55 },
        { value: 3, weight: 25 },
        { value: 5, weight: 8 },
        { value: 4, weight: 7 },
      ]);

  const base = (k: number) => ({ dependentID: `${s.subscriberID}-${pad(k + 1, 2)}` });
  const sameHome = { sameAddress: true, ...home };
  const depTerm = () =>
    s.termDate ??
    (f.datatype.boolean({ probability: 0.06 }) ? randomDate(f, addDays(today, -200), addDays(today, -1)) : null);

  let k = 0;
  if (hasPartner) {
    const gender =
      s.genderPK === 3 ? genderPK(f) : f.datatype.boolean({ probability: 0.9 }) ? 3 - s.genderPK : s.genderPK;
    const first = firstName(f, sexOf(gender));
    const last = !domestic && f.datatype.boolean({ probability: 0.8 }) ? s.lastName : lastName(f);
    const dob = minDate(randomDate(f, addYears(s.dateOfBirth, -6), addYears(s.dateOfBirth, 6)), addYears(today, -19));
    const ssn = nextSsn();
    sub.dependents.push({
      row: {
        ...base(k++),
        firstName: first,
        middleInitial: f.datatype.boolean({ probability: 0.5 }) ? initial(f) : null,
        lastName: last,
        ssn,
        ssnLast4: last4(ssn),
        dateOfBirth: dob,
        genderPK: gender,
        maritalStatusPK: domestic ? 6 : 2,
        relationshipPK: domestic ? RELATIONSHIP.domesticPartner : RELATIONSHIP.spouse,
        marriageDate: domestic ? null : randomDate(f, addYears(maxDate(s.dateOfBirth, dob), 21), addDays(today, -60)),
        phone1: f.datatype.boolean({ probability: 0.5 }) ? phone(f) : null,
        phone2: null,
        email: f.datatype.boolean({ probability: 0.5 }) ? emailFor(f, first, last, 'example.com') : null,
        isEmployed: f.datatype.boolean({ probability: 0.6 }),
        ...sameHome,
        termDate: depTerm(),
      },
    });
  }
  for (let c = hasPartner ? 1 : 0; c < count; c++) {
    // Children are under 26 (the usual eligibility age) and born after the parent turned 20.
    const from = maxDate(addYears(s.dateOfBirth, 20), addYears(today, -25));
    const to = addDays(today, -30);
    const dob = randomDate(f, from, to);
    const gender = f.helpers.arrayElement([1, 2]);
    const first = firstName(f, sexOf(gender));
    const age = yearOf(today) - yearOf(dob);
    const away = age >= 18 && f.datatype.boolean({ probability: 0.15 });
    const ssn = nextSsn();
    if (from > to) continue;
    sub.dependents.push({
      row: {
        ...base(k++),
        firstName: first,
        middleInitial: f.datatype.boolean({ probability: 0.5 }) ? initial(f) : null,
        lastName: s.lastName,
        ssn,
        ssnLast4: last4(ssn),
        dateOfBirth: dob,
        genderPK: gender,
        maritalStatusPK: 1,
        relationshipPK: RELATIONSHIP.child,
        marriageDate: null,
        phone1: age >= 16 && f.datatype.boolean({ probability: 0.3 }) ? phone(f) : null,
        phone2: null,
        email:
          age >= 16 && f.datatype.boolean({ probability: 0.3 }) ? emailFor(f, first, s.lastName, 'example.com') : null,
        isEmployed: age >= 18 && f.datatype.boolean({ probability: 0.4 }),
        ...(away ? { sameAddress: false, ...address(f) } : sameHome),
        termDate: depTerm(),
      },
    });
  }
}

async function seedGroup(db: Db, group: EmployerSeed, today: string): Promise<void> {
  const f = createFaker(SEED + group.employerPK, today);
  const structure = await insertStructure(db, group, today);
  const nextSsn = createSsnFactory(f);

  const generated: GenSubscriber[] = [];
  for (let i = 0; i < group.subscriberCount; i++) {
    generated.push(generateSubscriber(f, group, structure, i, today, nextSsn));
  }
  const members = await insertMembers(db, group, generated);
  await insertCoveragesAndExtras(db, f, structure, members, today);
  await insertClaims(db, f, group, members, today);
  await insertDocuments(db, f, group, members.length, today);
  if (group.employerPK === EMPLOYERS[0]?.employerPK)
    await insertRequests(db, f, group, structure, members, today, nextSsn);
}

async function insertMembers(db: Db, group: EmployerSeed, generated: GenSubscriber[]): Promise<Member[]> {
  const insertedSubscribers = await bulkInsert(
    db,
    subscribers,
    generated.map((g) => g.row),
    { returning: [subscribers.subscriberPK, subscribers.subscriberID] },
  );
  const subscriberPKs = new Map(insertedSubscribers.map((r) => [String(r.subscriber_id), Number(r.subscriber_pk)]));
  const members: Member[] = generated.map((sub) => ({
    sub,
    subscriberPK: need(
      subscriberPKs.get(sub.row.subscriberID),
      `subscriber ${sub.row.subscriberID} of ${group.employerID}`,
    ),
    dependentPKs: new Map(),
  }));
  const dependentRows = members.flatMap((m) =>
    m.sub.dependents.map((d) => ({
      ...d.row,
      subscriberPK: m.subscriberPK,
      createdAt: m.sub.row.createdAt,
      updatedAt: m.sub.row.updatedAt,
    })),
  );
  const bySubscriber = new Map(members.map((m) => [m.subscriberPK, m]));
  const insertedDependents = await bulkInsert(db, dependents, dependentRows, {
    returning: [dependents.dependentPK, dependents.dependentID, dependents.subscriberPK],
  });
  for (const r of insertedDependents) {
    bySubscriber.get(Number(r.subscriber_pk))?.dependentPKs.set(String(r.dependent_id), Number(r.dependent_pk));
  }
  return members;
}

/** Coverage window of a member on the plan year it is enrolled in (current year, or its term year). */
function coverageWindow(sub: GenSubscriber, today: string): { year: number; begin: string; end: string | null } | null {
  const termDate = sub.row.termDate ?? null;
  const year = termDate ? yearOf(termDate) : yearOf(today);
  const begin = maxDate(sub.row.effectiveDate, `${year}-01-01`);
  if (termDate && begin > termDate) return null;
  return { year, begin, end: termDate };
}

async function insertCoveragesAndExtras(db: Db, f: Faker, structure: Structure, members: Member[], today: string) {
  const coverageRows: NewCoverage[] = [];
  const fsaRows: (typeof fsaElections.$inferInsert)[] = [];
  const cardRows: (typeof idCards.$inferInsert)[] = [];

  for (const m of members) {
    const s = m.sub.row;
    const window = coverageWindow(m.sub, today);
    if (!window) continue;
    // The tier reflects dependents still covered (for a termed subscriber: those termed with them).
    const covered = m.sub.dependents.filter((d) => d.row.termDate == null || d.row.termDate === s.termDate);
    const tierCode = tierCodeFor(covered.map((d) => d.row.relationshipPK));
    const enrolments: [PlanType, number | null][] = [
      ['Medical', m.sub.medical],
      ['Dental', m.sub.dental],
    ];
    for (const [planType, index] of enrolments) {
      if (index === null) continue;
      const planPK = need(structure.plan.get(planKey(s.divisionPK, planType, index, window.year)), 'plan');
      const coverageOptionPK = need(
        structure.tier.get(tierKey(s.divisionPK, planType === 'Medical', tierCode)),
        'tier',
      );
      coverageRows.push({
        subscriberPK: m.subscriberPK,
        dependentPK: null,
        planPK,
        coverageOptionPK,
        beginDate: window.begin,
        endDate: window.end,
      });
      for (const d of m.sub.dependents) {
        const begin = maxDate(window.begin, d.row.dateOfBirth);
        const end = d.row.termDate ?? window.end;
        if (end !== null && end < begin) continue;
        coverageRows.push({
          subscriberPK: m.subscriberPK,
          dependentPK: need(m.dependentPKs.get(d.row.dependentID), 'dependent'),
          planPK,
          coverageOptionPK,
          beginDate: begin,
          endDate: end ?? null,
        });
      }
    }
    for (const e of m.sub.fsa) {
      fsaRows.push({
        subscriberPK: m.subscriberPK,
        planPK: need(structure.plan.get(planKey(s.divisionPK, 'FSA', e.index, yearOf(today))), 'FSA plan'),
        electionAmount: e.amount,
        availableBalance: e.balance,
        planYear: yearOf(today),
      });
    }
    if (m.sub.idCard && window.begin <= today) {
      const day = randomDate(f, maxDate(window.begin, addDays(today, -300)), today);
      cardRows.push({
        subscriberPK: m.subscriberPK,
        dependentPK: null,
        requestedBy: SEED_ACTOR,
        createdAt: atTime(day, f.number.int({ min: 13, max: 22 }), f.number.int({ min: 0, max: 59 })),
        cardNumber: `W${f.string.numeric(9)}`,
      });
    }
  }
  await bulkInsert(db, coverages, coverageRows);
  await bulkInsert(db, fsaElections, fsaRows);
  await bulkInsert(db, idCards, cardRows);
}

async function insertClaims(db: Db, f: Faker, group: EmployerSeed, members: Member[], today: string): Promise<void> {
  type Patient = { m: Member; first: string; last: string; dependentPK: number | null; from: string; to: string };
  const windowStart = addDays(today, -547);
  const yesterday = addDays(today, -1);
  const patients: Patient[] = [];
  for (const m of members) {
    if (m.sub.medical === null) continue;
    const s = m.sub.row;
    const from = maxDate(windowStart, s.effectiveDate);
    const to = minDate(yesterday, s.termDate ?? yesterday);
    if (from <= to) patients.push({ m, first: s.firstName, last: s.lastName, dependentPK: null, from, to });
    for (const d of m.sub.dependents) {
      const dFrom = maxDate(from, d.row.dateOfBirth);
      const dTo = minDate(to, d.row.termDate ?? to);
      if (dFrom <= dTo) {
        patients.push({
          m,
          first: d.row.firstName,
          last: d.row.lastName,
          dependentPK: need(m.dependentPKs.get(d.row.dependentID), 'dependent'),
          from: dFrom,
          to: dTo,
        });
      }
    }
  }
  if (patients.length === 0) return;

  const byType = (type: ClaimType) => PROVIDERS.filter((p) => p.type === type);
  const rows: (typeof claims.$inferInsert)[] = [];
  for (let n = 0; n < group.claimCount; n++) {
    const p = f.helpers.arrayElement(patients);
    let type = f.helpers.weightedArrayElement<ClaimType>([
      { value: 'Medical', weight: 55 },
      { value: 'Pharmacy', weight: 25 },
      { value: 'Dental', weight: 12 },
      { value: 'Vision', weight: 8 },
    ]);
    if (type === 'Dental' && p.m.sub.dental === null) type = 'Medical';
    const provider = f.helpers.arrayElement(byType(type));
    const billedCents =
      type === 'Pharmacy'
        ? f.number.int({ min: 800, max: 60_000 })
        : type === 'Vision'
          ? f.number.int({ min: 7_500, max: 45_000 })
          : type === 'Dental'
            ? f.number.int({ min: 9_000, max: 180_000 })
            : f.helpers.weightedArrayElement([
                { value: f.number.int({ min: 8_500, max: 45_000 }), weight: 70 },
                { value: f.number.int({ min: 45_000, max: 300_000 }), weight: 25 },
                { value: f.number.int({ min: 300_000, max: 2_500_000 }), weight: 5 },
              ]);
    const allowedCents = Math.round(billedCents * f.number.float({ min: 0.42, max: 0.92 }));
    const planCents = f.datatype.boolean({ probability: 0.08 })
      ? 0
      : Math.round(allowedCents * f.number.float({ min: 0.55, max: 0.95 }));
    const serviceDate = randomDate(f, p.from, p.to);
    const inProcess = f.datatype.boolean({ probability: 0.1 });
    const paidAfter = f.number.int({ min: 7, max: 40 });
    rows.push({
      employerPK: group.employerPK,
      subscriberPK: p.m.subscriberPK,
      patientPK: p.dependentPK,
      patientFirstName: p.first,
      patientLastName: p.last,
      providerName: provider.name,
      claimNumber: `${yearOf(serviceDate)}${pad(group.employerPK, 2)}${pad(n + 1, 6)}`,
      claimType: type,
      serviceDate,
      billedAmount: billedCents / 100,
      allowedAmount: allowedCents / 100,
      planPayment: planCents / 100,
      patientOwesAmount: (allowedCents - planCents) / 100,
      paymentDate: inProcess ? null : minDate(addDays(serviceDate, paidAfter), today),
    });
  }
  await bulkInsert(db, claims, rows);
}

const usd = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** One funding report, invoice and spec/agg report per month, for the 14 completed months before today. */
async function insertDocuments(db: Db, f: Faker, group: EmployerSeed, memberCount: number, today: string) {
  const rows: (typeof documents.$inferInsert)[] = [];
  const currentMonth = `${today.slice(0, 7)}-01`;
  for (let k = 14; k >= 1; k--) {
    const periodStart = addMonths(currentMonth, -k);
    const period = periodStart.slice(0, 7);
    const periodLabel = `${MONTHS[Number(period.slice(5)) - 1]} ${period.slice(0, 4)}`;
    const nextMonth = addMonths(periodStart, 1);
    const header = [`${group.employerName}`, `Group ID: ${group.employerID}`, `Period: ${periodLabel}`, ''];
    const claimsPaid = cents(memberCount * f.number.float({ min: 380, max: 720 }));
    const fee = f.helpers.arrayElement([32.5, 36, 38.75, 41.25]);
    const docs: [DocumentKind, string, string, string[]][] = [
      [
        'funding',
        `Funding Report ${period}.pdf`,
        'Claims Funding Report',
        [
          `Claims paid in period: ${usd(claimsPaid)}`,
          `Claims count: ${f.number.int({ min: memberCount, max: memberCount * 4 })}`,
          `Funding requested: ${usd(claimsPaid)}`,
          `Funding due by: ${addDays(nextMonth, 9)}`,
        ],
      ],
      [
        'invoice',
        `Invoice ${period}.pdf`,
        'Administrative Services Invoice',
        [
          `Invoice number: INV-${group.employerID}-${period.replace('-', '')}`,
          `Enrolled subscribers: ${memberCount}`,
          `Administration fee per subscriber per month: ${usd(fee)}`,
          `Total due: ${usd(cents(memberCount * fee))}`,
          `Payment due: ${addDays(nextMonth, 14)}`,
        ],
      ],
      [
        'monthly',
        `SpecAgg ${period}.pdf`,
        'Specific and Aggregate Stop-Loss Report',
        [
          'Specific deductible per member: $100,000.00',
          `Aggregate attachment point (monthly): ${usd(cents(memberCount * 560))}`,
          `Claims applied to aggregate: ${usd(claimsPaid)}`,
          `Members over 50% of specific deductible: ${f.number.int({ min: 0, max: 3 })}`,
        ],
      ],
    ];
    for (const [kind, documentName, title, lines] of docs) {
      const createDate = minDate(addDays(nextMonth, f.number.int({ min: 2, max: 6 })), today);
      rows.push({
        employerPK: group.employerPK,
        kind,
        documentName,
        createDate,
        content: createMinimalPdf({ title: `${title} - ${periodLabel}`, lines: [...header, ...lines] }),
        mimeType: 'application/pdf',
      });
    }
  }
  await insertInBatches(db, documents, rows);
}

// ---------------------------------------------------------------------------------------------------
// Enrollment submissions for the default group, in every interesting state.

const STATUS_PATHS: Record<RequestStatus, RequestStatus[]> = {
  Incomplete: ['Incomplete'],
  Submitted: ['Incomplete', 'Submitted'],
  HRApproved: ['Incomplete', 'Submitted', 'HRApproved'],
  HRRejected: ['Incomplete', 'Submitted', 'HRRejected'],
  HEZApproved: ['Incomplete', 'Submitted', 'HRApproved', 'HEZApproved'],
  HEZRejected: ['Incomplete', 'Submitted', 'HRApproved', 'HEZRejected'],
  PushedToRemote: ['Incomplete', 'Submitted', 'HRApproved', 'HEZApproved', 'PushedToRemote'],
  Cancelled: ['Incomplete', 'Cancelled'],
};

type RequestSample = {
  type: RequestType;
  status: RequestStatus;
  daysAgo: number;
  saveStep: number;
  changeReasonPK?: number;
  /** Index into the group's generated subscribers (active ones unless `termed`). */
  member?: number;
  termed?: boolean;
};

const REQUEST_SAMPLES: RequestSample[] = [
  { type: 'NewEnrollment', status: 'Incomplete', daysAgo: 1, saveStep: 2, changeReasonPK: 2 },
  { type: 'NewEnrollment', status: 'Submitted', daysAgo: 3, saveStep: 4, changeReasonPK: 2 },
  { type: 'NewEnrollment', status: 'HRApproved', daysAgo: 9, saveStep: 4, changeReasonPK: 2 },
  { type: 'NewEnrollment', status: 'Cancelled', daysAgo: 21, saveStep: 1, changeReasonPK: 2 },
  { type: 'NewEnrollment', status: 'PushedToRemote', daysAgo: 45, saveStep: 4, changeReasonPK: 2, member: 120 },
  { type: 'Subscriber', status: 'Submitted', daysAgo: 2, saveStep: 4, member: 150 },
  { type: 'Subscriber', status: 'HEZApproved', daysAgo: 33, saveStep: 4, member: 40 },
  { type: 'ChangeCoverage', status: 'Submitted', daysAgo: 4, saveStep: 4, changeReasonPK: 4, member: 160 },
  { type: 'ChangeCoverage', status: 'HRRejected', daysAgo: 26, saveStep: 4, changeReasonPK: 3, member: 60 },
  { type: 'Terminate', status: 'Submitted', daysAgo: 6, saveStep: 4, member: 170 },
  { type: 'Terminate', status: 'PushedToRemote', daysAgo: 0, saveStep: 4, member: 2, termed: true },
];

async function insertRequests(
  db: Db,
  f: Faker,
  group: EmployerSeed,
  structure: Structure,
  members: Member[],
  today: string,
  nextSsn: () => string,
): Promise<void> {
  const active = members.filter((m) => m.sub.row.termDate == null);
  const termed = members.filter((m) => m.sub.row.termDate != null);
  const pick = (list: Member[], i: number) => need(list[i % list.length], 'request member');

  for (const sample of REQUEST_SAMPLES) {
    const member = sample.member === undefined ? null : pick(sample.termed ? termed : active, sample.member);
    const termDate = member?.sub.row.termDate ?? null;
    // A completed termination was requested shortly before its term date; the rest are recent.
    const createdDay = sample.termed && termDate ? addDays(termDate, -7) : addDays(today, -sample.daysAgo);
    const person = member ? memberPerson(member) : newPerson(f, group, today, nextSsn);
    const divisionPK = member?.sub.row.divisionPK ?? f.helpers.arrayElement(structure.divisionPKs);
    const medicalPlanPK = structure.plan.get(planKey(divisionPK, 'Medical', 0, yearOf(today))) ?? null;
    const medicalTierPK = structure.tier.get(tierKey(divisionPK, true, 'EE')) ?? null;

    const payload: Record<string, unknown> = {
      saveStep: sample.saveStep,
      employerPK: group.employerPK,
      subscriberPK: member?.subscriberPK ?? null,
      changeReasonPK: sample.changeReasonPK ?? null,
      subscriber: person.subscriber,
      dateOfHire: person.dateOfHire,
      effectiveDate: person.effectiveDate,
      occupation: person.occupation,
      jobTitle: person.jobTitle,
      hasDependents: false,
      dependents: [],
      employerDivisionsPK: sample.saveStep >= 4 ? divisionPK : null,
      isMedicalCoverage: sample.saveStep >= 4 ? true : null,
      employerPlanPK: sample.saveStep >= 4 ? medicalPlanPK : null,
      medicalTierPK: sample.saveStep >= 4 ? medicalTierPK : null,
      isDentalCoverage: sample.saveStep >= 4 ? false : null,
      FSAElections: [],
    };
    const history = STATUS_PATHS[sample.status];
    const createdAt = atTime(
      addDays(createdDay, -(history.length - 1)),
      f.number.int({ min: 13, max: 21 }),
      f.number.int({ min: 0, max: 59 }),
    );
    const [inserted] = await db
      .insert(requests)
      .values({
        employerPK: group.employerPK,
        subscriberPK: member?.subscriberPK ?? null,
        type: sample.type,
        status: sample.status,
        saveStep: sample.saveStep,
        changeReasonPK: sample.changeReasonPK ?? null,
        payload,
        subscriberFirstName: person.subscriber.firstName,
        subscriberLastName: person.subscriber.lastName,
        ssn: member ? null : person.ssn,
        createdBy: SEED_ACTOR,
        createdAt,
        updatedAt: new Date(createdAt.getTime() + (history.length - 1) * 86_400_000),
      })
      .returning({ requestPK: requests.requestPK });
    const requestPK = need(inserted, 'request').requestPK;
    await db.insert(requestStatusHistory).values(
      history.map((status, i) => ({
        requestPK,
        status,
        changedBy: SEED_ACTOR,
        changedAt: new Date(createdAt.getTime() + i * 86_400_000),
        note: status === 'HRRejected' ? 'Qualifying event documentation missing' : null,
      })),
    );

    if (sample.type === 'Terminate' && member) {
      const terminationDate = termDate ?? minDate(addDays(today, 20), `${today.slice(0, 4)}-12-31`);
      await db.insert(terminations).values({
        requestPK,
        employerPK: group.employerPK,
        subscriberPK: member.subscriberPK,
        dependentPK: null,
        eventDate: addDays(termDate ?? addDays(today, -sample.daysAgo), -14),
        terminationDate,
        reasonPK: need(TERMINATE_PLAN_REASONS[termDate ? 0 : 2], 'reason').pk,
        comment: termDate ? 'Last day worked two weeks after notice.' : 'Retiring at the end of the month.',
        createdBy: SEED_ACTOR,
        createdAt,
      });
    }
  }
}

type RequestPerson = {
  ssn: string | null;
  subscriber: { firstName: string; lastName: string } & Record<string, unknown>;
  dateOfHire: string | null;
  effectiveDate: string | null;
  occupation: string | null;
  jobTitle: string | null;
};

/** Form-shaped subscriber block of an existing member; the full SSN never goes into a payload. */
function memberPerson(m: Member): RequestPerson {
  const s = m.sub.row;
  return {
    ssn: null,
    subscriber: {
      firstName: s.firstName,
      lastName: s.lastName,
      middleName: s.middleName ?? '',
      ssnLast4: s.ssnLast4,
      dateOfBirth: s.dateOfBirth,
      genderID: s.genderPK,
      maritalStatusID: s.maritalStatusPK,
      address1: s.address1,
      address2: s.address2 ?? '',
      city: s.city,
      stateID: s.statePK,
      zipCode: s.zipCode,
      phone1: s.phone1,
      phone2: s.phone2 ?? '',
      emailAddress: s.email,
    },
    dateOfHire: s.dateOfHire ?? null,
    effectiveDate: s.effectiveDate,
    occupation: s.occupation ?? null,
    jobTitle: s.jobTitle ?? null,
  };
}

/** Someone not yet on file, for open new-enrollment requests. */
function newPerson(f: Faker, group: EmployerSeed, today: string, nextSsn: () => string): RequestPerson {
  const gender = f.helpers.arrayElement([1, 2]);
  const first = firstName(f, sexOf(gender));
  const last = lastName(f);
  const ssn = nextSsn();
  const home = address(f);
  const dateOfHire = randomDate(f, addDays(today, -40), addDays(today, -5));
  return {
    ssn,
    subscriber: {
      firstName: first,
      lastName: last,
      middleName: '',
      ssnLast4: last4(ssn),
      dateOfBirth: randomDate(f, '1970-01-01', '2002-12-31'),
      genderID: gender,
      maritalStatusID: 1,
      address1: home.address1,
      address2: home.address2 ?? '',
      city: home.city,
      stateID: home.statePK,
      zipCode: home.zipCode,
      phone1: phone(f),
      phone2: '',
      emailAddress: emailFor(f, first, last, domainOf(group)),
    },
    dateOfHire,
    effectiveDate: firstOfNextMonth(dateOfHire),
    occupation: f.person.jobArea(),
    jobTitle: f.person.jobTitle(),
  };
}

// ---------------------------------------------------------------------------------------------------
// Large benchmark group: many subscribers, few extras, bulk inserts.

const ident = (column: AnyPgColumn) => sql.identifier(column.name);

async function seedLargeGroup(db: Db, count: number, today: string): Promise<void> {
  const group = LARGE_GROUP;
  const f = createFaker(SEED + group.employerPK, today);
  const structure = await insertStructure(db, group, today);
  const divisionPK = need(structure.divisionPKs[0], 'division');
  const year = yearOf(today);
  const yearStart = `${year}-01-01`;
  const nextSsn = createSsnFactory(f);
  // A pool of addresses keeps generation cheap; names and SSNs stay unique per row.
  const addresses = Array.from({ length: 2000 }, () => address(f));
  const domain = domainOf(group);

  for (let start = 0; start < count; start += LARGE_BATCH) {
    const batch: NewSubscriber[] = [];
    const family: { id: string; dependent: Omit<NewDependent, 'subscriberPK'> }[] = [];
    for (let i = start; i < Math.min(count, start + LARGE_BATCH); i++) {
      const gender = f.helpers.arrayElement([1, 2]);
      const first = firstName(f, sexOf(gender));
      const last = lastName(f);
      const ssn = nextSsn();
      const dateOfBirth = randomDate(f, '1960-01-01', '2002-12-31');
      const termDate =
        today > yearStart && f.datatype.boolean({ probability: 0.05 })
          ? randomDate(f, yearStart, addDays(today, -1))
          : null;
      const dateOfHire = randomDate(
        f,
        maxDate(addYears(dateOfBirth, 18), '2012-01-01'),
        addDays(termDate ? yearStart : today, -60),
      );
      const home = f.helpers.arrayElement(addresses);
      const subscriberID = `S${pad(group.employerPK, 2)}${pad(i + 1, 7)}`;
      batch.push({
        employerPK: group.employerPK,
        subscriberID,
        firstName: first,
        middleName: null,
        lastName: last,
        ssn,
        ssnLast4: last4(ssn),
        dateOfBirth,
        genderPK: gender,
        maritalStatusPK: 1,
        ...home,
        phone1: phone(f),
        email: emailFor(f, first, last, domain),
        payRate: cents(f.number.int({ min: 32_000, max: 150_000 }) / 26),
        payRateFrequencyPK: 2,
        dateOfHire,
        effectiveDate: maxDate(firstOfNextMonth(dateOfHire), group.groupEffectiveDate),
        divisionPK,
        termDate,
      });
      if (f.datatype.boolean({ probability: 0.3 })) {
        const spouse = f.datatype.boolean({ probability: 0.6 });
        const depGender = spouse ? 3 - gender : f.helpers.arrayElement([1, 2]);
        const depSsn = nextSsn();
        family.push({
          id: subscriberID,
          dependent: {
            dependentID: `${subscriberID}-01`,
            firstName: firstName(f, sexOf(depGender)),
            lastName: last,
            ssn: depSsn,
            ssnLast4: last4(depSsn),
            dateOfBirth: spouse
              ? minDate(randomDate(f, addYears(dateOfBirth, -5), addYears(dateOfBirth, 5)), addYears(today, -19))
              : randomDate(f, maxDate(addYears(dateOfBirth, 20), addYears(today, -25)), addDays(today, -30)),
            genderPK: depGender,
            maritalStatusPK: spouse ? 2 : 1,
            relationshipPK: spouse ? RELATIONSHIP.spouse : RELATIONSHIP.child,
            sameAddress: true,
            ...home,
            termDate,
          },
        });
      }
    }
    const inserted = await bulkInsert(db, subscribers, batch, {
      returning: [subscribers.subscriberPK, subscribers.subscriberID],
    });
    const pkById = new Map(inserted.map((r) => [String(r.subscriber_id), Number(r.subscriber_pk)]));
    await bulkInsert(
      db,
      dependents,
      family.map((x) => ({ ...x.dependent, subscriberPK: need(pkById.get(x.id), 'large subscriber') })),
    );
  }

  // Coverage for everyone in two set-based statements: far faster than shipping rows from JS.
  // Parameters are cast because PGlite types untyped parameters as text.
  const planPK = need(structure.plan.get(planKey(divisionPK, 'Medical', 0, year)), 'large plan');
  const tier = (code: string) => need(structure.tier.get(tierKey(divisionPK, true, code)), 'large tier');
  await db.execute(sql`
    insert into ${coverages} (${ident(coverages.subscriberPK)}, ${ident(coverages.planPK)},
      ${ident(coverages.coverageOptionPK)}, ${ident(coverages.beginDate)}, ${ident(coverages.endDate)})
    select s.subscriber_pk, ${planPK}::int,
      case (select min(d.relationship_pk) from ${dependents} d where d.subscriber_pk = s.subscriber_pk)
        when ${RELATIONSHIP.spouse}::int then ${tier('ES')}::int
        when ${RELATIONSHIP.child}::int then ${tier('EC')}::int
        else ${tier('EE')}::int end,
      greatest(s.effective_date, ${yearStart}::date), s.term_date
    from ${subscribers} s
    where s.employer_pk = ${group.employerPK}::int`);
  await db.execute(sql`
    insert into ${coverages} (${ident(coverages.subscriberPK)}, ${ident(coverages.dependentPK)}, ${ident(coverages.planPK)},
      ${ident(coverages.coverageOptionPK)}, ${ident(coverages.beginDate)}, ${ident(coverages.endDate)})
    select c.subscriber_pk, d.dependent_pk, c.plan_pk, c.coverage_option_pk,
      greatest(c.begin_date, d.date_of_birth), c.end_date
    from ${coverages} c
    join ${dependents} d on d.subscriber_pk = c.subscriber_pk
    where c.plan_pk = ${planPK}::int and c.dependent_pk is null`);
}
