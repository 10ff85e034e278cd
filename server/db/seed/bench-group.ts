// Large benchmark group (SEED_MEMBERS, bench/census.ts): many subscribers, few extras, bulk loads.
// On PostgreSQL the members stream in with COPY; on PGlite (no COPY FROM STDIN) they go in unnest()
// batches. A large group is loaded with the secondary indexes and foreign keys of its tables dropped
// and put back at the end: one sorted build per index and one join per foreign key cost a fraction of
// a million single-row index insertions and key lookups.
import { sql } from 'drizzle-orm';
import { getTableConfig, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { firstOfNextMonth, maxDate, minDate, yearOf } from '../../lib/calendar';
import { bulkInsert, copyConnectionOf, copyEncoder, copyInto } from '../bulk-insert';
import type { Db } from '../client';
import { coverages, dependents, subscribers } from '../schema';
import { LARGE_GROUP, RELATIONSHIP } from './data';
import {
  SEED,
  addYearsIso,
  address,
  cents,
  createFaker,
  createSsnFactory,
  dayNumber,
  emailFor,
  firstName,
  isoOfDay,
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

/** From this many members on, indexes and foreign keys are put back after the load (dropForLoad). */
export const REBUILD_INDEXES_FROM = 5000;

/** The tables the group fills: theirs are the indexes and foreign keys dropForLoad takes away. */
const LOADED_TABLES = [subscribers, dependents, coverages];

const ident = (column: AnyPgColumn) => sql.identifier(column.name);

export async function seedLargeGroup(db: Db, count: number, today: string): Promise<void> {
  const group = LARGE_GROUP;
  const f = await createFaker(SEED + group.employerPK, today);
  const structure = await insertStructure(db, group, today);
  const divisionPK = need(structure.divisionPKs[0], 'division');
  const year = yearOf(today);
  const yearStart = `${year}-01-01`;
  const nextSsn = createSsnFactory(f);
  // A pool of addresses keeps generation cheap; names and SSNs stay unique per row.
  const addresses = Array.from({ length: 2000 }, () => address(f));
  const domain = domainOf(group);
  // Day numbers of the bounds every row uses, worked out once.
  const todayDay = dayNumber(today);
  const lastTermDay = todayDay - 1;
  const termable = today > yearStart;
  const yearStartDay = dayNumber(yearStart);

  // Keys are handed out here rather than by the insert, so dependents can name their subscriber
  // without reading keys back. The lock keeps other sessions from inserting (and drawing keys)
  // meanwhile; the index rebuild below would hold a stronger one anyway.
  await db.execute(sql`lock table ${subscribers} in share row exclusive mode`);
  const firstPK = await reserveKeys(db, subscribers, subscribers.subscriberPK, count);

  const generate = (start: number) => {
    const batch: NewSubscriber[] = [];
    const family: NewDependent[] = [];
    for (let i = start; i < Math.min(count, start + LARGE_BATCH); i++) {
      const gender = f.helpers.arrayElement([1, 2]);
      const first = firstName(f, sexOf(gender));
      const last = lastName(f);
      const ssn = nextSsn();
      const dateOfBirth = randomDate(f, '1960-01-01', '2002-12-31');
      const termDate =
        termable && f.datatype.boolean({ probability: 0.05 }) ? randomDate(f, yearStart, isoOfDay(lastTermDay)) : null;
      const dateOfHire = randomDate(
        f,
        maxDate(addYearsIso(dateOfBirth, 18), '2012-01-01'),
        isoOfDay((termDate ? yearStartDay : todayDay) - 60),
      );
      const home = f.helpers.arrayElement(addresses);
      const subscriberPK = firstPK + i;
      const subscriberID = `S${pad(group.employerPK, 2)}${pad(i + 1, 7)}`;
      batch.push({
        subscriberPK,
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
          subscriberPK,
          dependentID: `${subscriberID}-01`,
          ...personColumns({
            firstName: firstName(f, sexOf(depGender)),
            lastName: last,
            ssn: depSsn,
            dateOfBirth: spouse
              ? minDate(
                  randomDate(f, addYearsIso(dateOfBirth, -5), addYearsIso(dateOfBirth, 5)),
                  addYearsIso(today, -19),
                )
              : randomDate(f, maxDate(addYearsIso(dateOfBirth, 20), addYearsIso(today, -25)), isoOfDay(todayDay - 30)),
            genderPK: depGender,
          }),
          maritalStatusPK: spouse ? 2 : 1,
          relationshipPK: spouse ? RELATIONSHIP.spouse : RELATIONSHIP.child,
          sameAddress: true,
          ...home,
          termDate,
        });
      }
    }
    return { batch, family };
  };

  const rebuilt = count >= REBUILD_INDEXES_FROM ? await dropForLoad(db, LOADED_TABLES) : [];
  const connection = await copyConnectionOf(db);
  if (connection) {
    // Subscribers stream in as they are made; their dependents wait, encoded, for the second COPY, as
    // one connection carries one COPY at a time. Kept as bytes: a string built by concatenation holds
    // on to every piece it was built from, several times the size of its text.
    const familyChunks: Buffer[] = [];
    let subscriberCopy: ReturnType<typeof copyEncoder<typeof subscribers>> | undefined;
    let dependentCopy: ReturnType<typeof copyEncoder<typeof dependents>> | undefined;
    const encoderOf = <T extends PgTable>(table: T, row: T['$inferInsert']) =>
      copyEncoder(table, Object.keys(row) as (keyof T['$inferInsert'] & string)[]);
    const subscriberChunks = function* () {
      for (let start = 0; start < count; start += LARGE_BATCH) {
        const { batch, family } = generate(start);
        if (family[0]) dependentCopy ??= encoderOf(dependents, family[0]);
        if (dependentCopy) familyChunks.push(Buffer.from(dependentCopy.encode(family)));
        subscriberCopy ??= encoderOf(subscribers, batch[0]!);
        yield subscriberCopy.encode(batch);
      }
    };
    // The columns come from the first row, so the first batch is made before the COPY starts.
    const chunks = subscriberChunks();
    const head = chunks.next();
    if (!head.done) {
      const all = function* () {
        yield head.value;
        yield* chunks;
      };
      await copyInto(connection, subscribers, subscriberCopy!.columns, all());
    }
    if (dependentCopy) await copyInto(connection, dependents, dependentCopy.columns, familyChunks);
  } else {
    const insert = async ({ batch, family }: ReturnType<typeof generate>) => {
      await bulkInsert(db, subscribers, batch);
      await bulkInsert(db, dependents, family);
    };
    // The next batch is made while the database stores the last one: the two take about as long.
    let storing: Promise<void> = Promise.resolve();
    for (let start = 0; start < count; start += LARGE_BATCH) {
      const next = generate(start);
      await storing;
      storing = insert(next);
    }
    await storing;
  }

  // Coverage for everyone in two set-based statements: far faster than shipping rows from JS.
  // Joins rather than a lookup per member, which would need the dependents' index mid-rebuild.
  // Parameters are cast because PGlite types untyped parameters as text.
  const planPK = need(structure.plan.get(planKey(divisionPK, 'Medical', 0, year)), 'large plan');
  const tier = (code: string) => need(structure.tier.get(tierKey(divisionPK, true, code)), 'large tier');
  await db.execute(sql`
    insert into ${coverages} (${ident(coverages.subscriberPK)}, ${ident(coverages.planPK)},
      ${ident(coverages.coverageOptionPK)}, ${ident(coverages.beginDate)}, ${ident(coverages.endDate)})
    select s.subscriber_pk, ${planPK}::int,
      case f.relationship_pk
        when ${RELATIONSHIP.spouse}::int then ${tier('ES')}::int
        when ${RELATIONSHIP.child}::int then ${tier('EC')}::int
        else ${tier('EE')}::int end,
      greatest(s.effective_date, ${yearStart}::date), s.term_date
    from ${subscribers} s
    left join (
      select d.subscriber_pk, min(d.relationship_pk) as relationship_pk from ${dependents} d
      where d.subscriber_pk >= ${firstPK}::int group by d.subscriber_pk
    ) f on f.subscriber_pk = s.subscriber_pk
    where s.employer_pk = ${group.employerPK}::int`);
  await db.execute(sql`
    insert into ${coverages} (${ident(coverages.subscriberPK)}, ${ident(coverages.dependentPK)}, ${ident(coverages.planPK)},
      ${ident(coverages.coverageOptionPK)}, ${ident(coverages.beginDate)}, ${ident(coverages.endDate)})
    select c.subscriber_pk, d.dependent_pk, c.plan_pk, c.coverage_option_pk,
      greatest(c.begin_date, d.date_of_birth), c.end_date
    from ${coverages} c
    join ${dependents} d on d.subscriber_pk = c.subscriber_pk
    where c.plan_pk = ${planPK}::int and c.dependent_pk is null`);

  await restoreAfterLoad(db, rebuilt);
}

/**
 * Reserves `count` consecutive values of an identity column and returns the first. Callers hold a
 * lock that keeps other sessions from inserting into the table meanwhile. Starts past any key written
 * explicitly, which the sequence would not know of.
 */
async function reserveKeys(db: Db, table: PgTable, column: AnyPgColumn, count: number): Promise<number> {
  const name = getTableConfig(table).name;
  const { rows } = await db.execute<{ first: string | number }>(sql`
    with s as (select pg_get_serial_sequence(${name}::text, ${column.name}::text)::regclass as seq)
    select setval(s.seq, greatest(nextval(s.seq), (select coalesce(max(${ident(column)}), 0) + 1 from ${table}))
      + ${Math.max(count, 1)}::int - 1) - ${Math.max(count, 1)}::int + 1 as first
    from s`);
  return Number(need(rows[0], 'reserved key').first);
}

/**
 * Drops what makes a bulk load pay per row on `tables`: their plain secondary indexes (not primary
 * keys, unique indexes or any index a constraint stands on) and their foreign keys, whose checks run
 * one lookup per inserted row. Returns the statements that put them back (restoreAfterLoad): a build
 * per index and one join per foreign key. Within the seed's transaction: should it fail, the rollback
 * brings everything back.
 */
export async function dropForLoad(db: Db, tables: PgTable[]): Promise<string[]> {
  const names = sql`${sql.param(tables.map((t) => getTableConfig(t).name))}::text[]::regclass[]`;
  const indexes = await db.execute<{ name: string; definition: string }>(sql`
    select format('%I.%I', n.nspname, i.relname) as name, pg_get_indexdef(i.oid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_namespace n on n.oid = i.relnamespace
    where x.indrelid = any(${names})
      and not x.indisunique and not x.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by i.relname`);
  const foreignKeys = await db.execute<{ table: string; name: string; definition: string }>(sql`
    select format('%I.%I', n.nspname, t.relname) as table, format('%I', c.conname) as name,
      pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    where c.contype = 'f' and c.conrelid = any(${names})
    order by t.relname, c.conname`);
  for (const fk of foreignKeys.rows) await db.execute(sql.raw(`alter table ${fk.table} drop constraint ${fk.name}`));
  if (indexes.rows.length > 0) {
    await db.execute(sql.raw(`drop index ${indexes.rows.map((r) => r.name).join(', ')}`));
  }
  return [
    ...indexes.rows.map((r) => r.definition),
    ...foreignKeys.rows.map((fk) => `alter table ${fk.table} add constraint ${fk.name} ${fk.definition}`),
  ];
}

/** Runs dropForLoad's statements, with memory enough to sort each index in one pass. */
export async function restoreAfterLoad(db: Db, statements: string[]): Promise<void> {
  if (statements.length === 0) return;
  const { rows } = await db.execute<{ previous: string }>(
    sql`select current_setting('maintenance_work_mem') as previous, set_config('maintenance_work_mem', '512MB', true)`,
  );
  for (const statement of statements) await db.execute(sql.raw(statement));
  await db.execute(sql`select set_config('maintenance_work_mem', ${need(rows[0], 'setting').previous}::text, true)`);
}
