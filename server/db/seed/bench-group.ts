// Large benchmark group (SEED_MEMBERS, bench/census.ts): many subscribers, few extras, bulk inserts.
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addDays, addYears, firstOfNextMonth, maxDate, minDate, yearOf } from '../../lib/calendar';
import { bulkInsert } from '../bulk-insert';
import type { Db } from '../client';
import { coverages, dependents, subscribers } from '../schema';
import { LARGE_GROUP, RELATIONSHIP } from './data';
import {
  SEED,
  address,
  cents,
  createFaker,
  createSsnFactory,
  emailFor,
  firstName,
  lastName,
  pad,
  personColumns,
  phone,
  randomDate,
  sexOf,
} from './people';
import { planKey, tierKey, insertStructure } from './plans';
import { domainOf } from './members';
import { need } from './seed-rows';

type NewSubscriber = typeof subscribers.$inferInsert;
type NewDependent = typeof dependents.$inferInsert;

const LARGE_BATCH = 5000;

const ident = (column: AnyPgColumn) => sql.identifier(column.name);

export async function seedLargeGroup(db: Db, count: number, today: string): Promise<void> {
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

  const generate = (start: number) => {
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
        ...personColumns({ firstName: first, lastName: last, ssn, dateOfBirth, genderPK: gender }),
        middleName: null,
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
            ...personColumns({
              firstName: firstName(f, sexOf(depGender)),
              lastName: last,
              ssn: depSsn,
              dateOfBirth: spouse
                ? minDate(randomDate(f, addYears(dateOfBirth, -5), addYears(dateOfBirth, 5)), addYears(today, -19))
                : randomDate(f, maxDate(addYears(dateOfBirth, 20), addYears(today, -25)), addDays(today, -30)),
              genderPK: depGender,
            }),
            maritalStatusPK: spouse ? 2 : 1,
            relationshipPK: spouse ? RELATIONSHIP.spouse : RELATIONSHIP.child,
            sameAddress: true,
            ...home,
            termDate,
          },
        });
      }
    }
    return { batch, family };
  };
  const insert = async ({ batch, family }: ReturnType<typeof generate>) => {
    const inserted = await bulkInsert(db, subscribers, batch, {
      returning: [subscribers.subscriberPK, subscribers.subscriberID],
    });
    const pkById = new Map(inserted.map((r) => [String(r.subscriber_id), Number(r.subscriber_pk)]));
    await bulkInsert(
      db,
      dependents,
      family.map((x) => ({ ...x.dependent, subscriberPK: need(pkById.get(x.id), 'large subscriber') })),
    );
  };
  // The next batch is made while the database stores the last one: the two take about as long.
  let storing: Promise<void> = Promise.resolve();
  for (let start = 0; start < count; start += LARGE_BATCH) {
    const next = generate(start);
    await storing;
    storing = insert(next);
  }
  await storing;

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
