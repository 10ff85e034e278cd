// The demo groups' subscribers and dependents: generated from the group's Faker, then bulk inserted.
import type { Faker } from '@faker-js/faker';
import { addDays, addYears, atTime, daysBetween, firstOfNextMonth, maxDate, minDate, yearOf } from '../../lib/calendar';
import { bulkInsert } from '../bulk-insert';
import type { Db } from '../client';
import { dependents, subscribers } from '../schema';
import {
  MEDICAL_PLANS,
  PAY_FREQUENCIES,
  PUNCTUATED_FIRST_NAMES,
  PUNCTUATED_LAST_NAMES,
  RELATIONSHIP,
  type EmployerSeed,
} from './data';
import {
  address,
  cents,
  emailFor,
  firstName,
  genderPK,
  initial,
  lastName,
  pad,
  personColumns,
  phone,
  randomDate,
  sexOf,
  type Address,
} from './people';
import type { Structure } from './plans';
import { need } from './seed-rows';

type NewSubscriber = typeof subscribers.$inferInsert;
type NewDependent = typeof dependents.$inferInsert;

type GenDependent = { row: Omit<NewDependent, 'subscriberPK'> };

export type GenSubscriber = {
  row: NewSubscriber & { divisionPK: number; effectiveDate: string };
  dependents: GenDependent[];
  medical: number | null;
  dental: number | null;
  fsa: { index: number; amount: number; balance: number }[];
  idCard: boolean;
};

export type Member = { sub: GenSubscriber; subscriberPK: number; dependentPKs: Map<string, number> };

export function domainOf(group: EmployerSeed): string {
  return `${group.employerName.toLowerCase().replace(/[^a-z]+/g, '-')}.example.com`;
}

export function generateSubscriber(
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
      ...personColumns({ firstName: first, lastName: last, ssn, dateOfBirth, genderPK: gender }),
      middleName: f.datatype.boolean({ probability: 0.6 }) ? initial(f) : null,
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
        ...personColumns({ firstName: first, lastName: last, ssn, dateOfBirth: dob, genderPK: gender }),
        middleInitial: f.datatype.boolean({ probability: 0.5 }) ? initial(f) : null,
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
        ...personColumns({ firstName: first, lastName: s.lastName, ssn, dateOfBirth: dob, genderPK: gender }),
        middleInitial: f.datatype.boolean({ probability: 0.5 }) ? initial(f) : null,
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

export async function insertMembers(db: Db, group: EmployerSeed, generated: GenSubscriber[]): Promise<Member[]> {
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
