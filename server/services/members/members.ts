import {
  aliasedTable,
  and,
  asc,
  between,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PENDING_STATUSES } from '../../../src/contracts/requests';
import { todayIsoDate } from '../../../src/contracts/person-rules';
import type { z } from 'zod';
import {
  MEMBER_SEARCH_CAP,
  NAME_CONTAINS_FROM,
  type RequestType,
  type subscriberListQuery,
} from '../../../src/contracts/subscribers';
import type { Db } from '../../db/client';
import {
  coverageOptions,
  coverages,
  dependents,
  divisions,
  fsaElections,
  groupMemberCounts,
  groupNames,
  idCards,
  lookupValues,
  plans,
  requests,
  subscribers,
  type GroupNameKind,
} from '../../db/schema';
import { contains, startsWith } from '../../lib/like-pattern';
import { notFound } from '../../lib/problem';
import { ANCHOR_FROM_OFFSET, pageAnchorsOf } from './page-anchors';

type ListQuery = z.output<typeof subscriberListQuery>;

const SORTS = {
  lastName: subscribers.lastName,
  firstName: subscribers.firstName,
  ssnLast4: subscribers.ssnLast4,
  dateOfBirth: subscribers.dateOfBirth,
  'employmentDetails.dateOfHire': subscribers.dateOfHire,
} as const;

/**
 * The sorts whose far pages may start at a remembered row (page-anchors.ts): those on a column that
 * is never null, where a row comparison finds every later row. The date of hire may be missing.
 */
const ANCHORED_SORTS = new Set<string>(['lastName', 'firstName', 'ssnLast4', 'dateOfBirth']);

/** What a list row shows: the full SSN and the bookkeeping columns stay in the database. */
const { ssn: _ssn, createdAt: _createdAt, updatedAt: _updatedAt, ...listColumns } = getTableColumns(subscribers);

/**
 * A column of the query around a subquery, named with its table: a single-table query names its
 * columns bare, and a bare name inside the subquery could be the subquery's own column.
 */
const outer = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** The member's state name, read beside the member (a subquery: a list row needs one lookup). */
const stateNameOf = (statePK: AnyPgColumn) =>
  sql<
    string | null
  >`(select ${lookupValues.name} from ${lookupValues} where ${lookupValues.kind} = 'state' and ${lookupValues.pk} = ${outer(statePK)})`;

/** Types of the member's stored requests that have not reached member data yet. */
const pendingTypesOf = (subscriberPK: AnyPgColumn) =>
  sql<
    RequestType[]
  >`array(select distinct ${requests.type} from ${requests} where ${requests.subscriberPK} = ${outer(subscriberPK)} and ${inArray(requests.status, [...PENDING_STATUSES])} order by 1)`;

/** A value the user typed, as a filter compares it, or a placeholder for it in a statement built once. */
type Term = string | Placeholder;

/**
 * What a filter compares with: each typed name as a LIKE pattern (its start when shorter than
 * NAME_CONTAINS_FROM letters, else anywhere in it) and the SSN search as the bounds of its last four.
 */
type FilterTerms = {
  firstName: { short: boolean; pattern: Term } | null;
  lastName: { short: boolean; pattern: Term } | null;
  ssn: { exact: boolean; low: Term; high: Term } | null;
};

function nameTerm(typed: string | undefined): FilterTerms['firstName'] {
  const text = typed?.trim();
  if (!text) return null;
  const short = text.length < NAME_CONTAINS_FROM;
  return { short, pattern: short ? startsWith(text.toLowerCase()) : contains(text) };
}

function filterTerms(q: Pick<ListQuery, 'firstName' | 'lastName' | 'ssn'>): FilterTerms {
  const digits = q.ssn;
  return {
    firstName: nameTerm(q.firstName),
    lastName: nameTerm(q.lastName),
    ssn: digits ? { exact: digits.length === 4, low: digits.padEnd(4, '0'), high: digits.padEnd(4, '9') } : null,
  };
}

/** The same terms with placeholders for their values, the values apart, and what the statement's text depends on. */
function heldTerms(terms: FilterTerms) {
  const values: Record<string, string> = {};
  const hold = (name: string, value: Term) => {
    values[name] = value as string;
    return sql.placeholder(name);
  };
  const name = (kind: 'first' | 'last', term: FilterTerms['firstName']) =>
    term && { short: term.short, pattern: hold(`${kind}Name`, term.pattern) };
  const held: FilterTerms = {
    firstName: name('first', terms.firstName),
    lastName: name('last', terms.lastName),
    ssn: terms.ssn && {
      exact: terms.ssn.exact,
      low: hold('ssnLow', terms.ssn.low),
      high: hold('ssnHigh', terms.ssn.high),
    },
  };
  const shape = [terms.firstName?.short, terms.lastName?.short, terms.ssn?.exact].map((v) => v ?? '-').join(' ');
  return { held, values, shape };
}

/** The SSN search names the last four digits, or their first ones: an equality or a range on the index. */
function ssnLast4Filter(term: NonNullable<FilterTerms['ssn']>) {
  return term.exact ? eq(subscribers.ssnLast4, term.low) : between(subscribers.ssnLast4, term.low, term.high);
}

async function scalar<T>(db: Db, expression: SQL<T>) {
  const { rows } = await db.execute<{ value: T }>(sql`select ${expression} as value`);
  return rows[0]?.value ?? null;
}

/** Members of the group without filters, from the counts the database keeps (never a count of the group). */
function groupMemberCount(employerPK: Slot, includeTermed: boolean) {
  const column = includeTermed ? groupMemberCounts.members : groupMemberCounts.activeMembers;
  return sql<
    number | null
  >`(select ${column} from ${groupMemberCounts} where ${groupMemberCounts.employerPK} = ${employerPK})`;
}

const isFiltered = (q: ListQuery) => Boolean(q.firstName?.trim() || q.lastName?.trim() || q.ssn);

/** A value of a list statement: literal, or a placeholder filled at each call of a prepared one. */
type Slot = number | Placeholder;
type PageSlots = { limit: Slot; offset: Slot };
/** The row a later page is read from (page-anchors.ts): its sort key and key. */
type AnchorSlots = { key: string | Placeholder; pk: Slot };

const sortOf = (q: ListQuery) => {
  const [field = 'lastName', direction = 'ASC'] = (q.sortColumn ?? 'lastName ASC').split(' ');
  return { field, descending: direction === 'DESC' };
};

const pageOf = (q: ListQuery) => ({ limit: q.recordsPerPage, offset: q.page * q.recordsPerPage });

/**
 * A typed name: anywhere in the name from NAME_CONTAINS_FROM letters, at its start when shorter, where
 * a trigram index cannot help and "contains" would read the whole group (a prefix index on the
 * lower-cased name, migration 0016).
 *
 * As the search's only criterion, "contains" matches the group's distinct names (group_names,
 * migration 0031), then reads the members bearing them along the sort index, which stops at the cap
 * however many members match. The dictionary holds every name as written and `ilike` matches it as it
 * would the members: the same members are found.
 * With another criterion (the other name, the SSN), the trigram indexes on the members give one bitmap
 * per criterion to intersect. An array of names gives none: PostgreSQL looked each name up in the
 * trigram index (12 s for `son` and `ann` on a million members, against 20 ms), or without it tested
 * each member of one criterion against the other's array name by name (1.3 s).
 */
function nameFilter(
  employerPK: Slot,
  kind: GroupNameKind,
  term: NonNullable<FilterTerms['firstName']>,
  alone: boolean,
) {
  const column = kind === 'last' ? subscribers.lastName : subscribers.firstName;
  if (term.short) return sql`lower(${column}) like ${term.pattern}`;
  if (!alone) return ilike(column, term.pattern);
  const names = sql`select ${groupNames.name} from ${groupNames} where ${and(
    eq(groupNames.employerPK, employerPK),
    eq(groupNames.kind, kind),
    ilike(groupNames.name, term.pattern),
  )}`;
  return sql`${column} = any(array(${names}))`;
}

/** The member list's filter: names by the typed text, the SSN by its last four, termed members on request. */
export function subscriberFilter(
  employerPK: Slot,
  q: Pick<ListQuery, 'firstName' | 'lastName' | 'ssn' | 'includeTermedMembers'>,
  terms: FilterTerms = filterTerms(q),
) {
  const { firstName, lastName, ssn } = terms;
  const alone = [firstName, lastName, ssn].filter(Boolean).length === 1;
  return and(
    eq(subscribers.employerPK, employerPK),
    firstName ? nameFilter(employerPK, 'first', firstName, alone) : undefined,
    lastName ? nameFilter(employerPK, 'last', lastName, alone) : undefined,
    ssn ? ssnLast4Filter(ssn) : undefined,
    q.includeTermedMembers ? undefined : isNull(subscribers.termDate),
  );
}

/**
 * The one statement of a SubscriberList page (its plan is checked in the tests), and what to read
 * for the total when the page has no row to carry it. The group and the page's place are literal
 * values, or placeholders when the statement is prepared.
 */
export function subscriberListStatement(
  db: Db,
  employerPK: Slot,
  q: ListQuery,
  slots: PageSlots = pageOf(q),
  cap = MEMBER_SEARCH_CAP,
  anchor?: AnchorSlots,
  terms?: FilterTerms,
) {
  const filtered = isFiltered(q);
  const where = subscriberFilter(employerPK, q, terms);
  const { field, descending } = sortOf(q);
  const column = SORTS[field as keyof typeof SORTS] ?? subscribers.lastName;
  const by = descending ? desc : asc;
  // The pk breaks ties in the same direction, so the sort index serves both directions.
  const order = [by(column), by(subscribers.subscriberPK)];

  const groupTotal = groupMemberCount(employerPK, q.includeTermedMembers);
  const row = {
    s: listColumns,
    stateName: stateNameOf(subscribers.statePK),
    pendingTypes: pendingTypesOf(subscribers.subscriberPK),
  };

  // One statement; the total rides on its rows. Unfiltered, it is the group's kept count, and the
  // first page is read straight along the sort index.
  if (!filtered && q.page === 0) {
    const rows = db
      .select({ ...row, total: groupTotal })
      .from(subscribers)
      .where(where)
      .orderBy(...order)
      .limit(slots.limit);
    return { rows, totalAlone: groupTotal };
  }
  // A search takes the first `cap` + 1 members its index finds, in no particular order,
  // so a broad one reads no more than that on any size of group; one more than the cap tells there
  // are more. Those are counted (on its first page: later pages bring the total they were given),
  // sorted and paged; then only the page's rows are read, with their lookups.
  if (filtered) {
    const found = db
      .select({ subscriberPK: subscribers.subscriberPK, key: sql`${column}`.as('key') })
      .from(subscribers)
      .where(where)
      .limit(cap + 1)
      .as('found');
    const page = db
      .select({
        subscriberPK: found.subscriberPK,
        total: (q.knownCount === undefined
          ? sql<number | null>`(count(*) over ())::int`
          : sql<number | null>`null::int`
        ).as('total'),
      })
      .from(found)
      .orderBy(by(found.key), by(found.subscriberPK))
      .limit(slots.limit)
      .offset(slots.offset)
      .as('page');
    const rows = db
      .select({ ...row, total: page.total })
      .from(page)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, page.subscriberPK))
      .orderBy(...order);
    return { rows, totalAlone: sql<number | null>`(select count(*)::int from ${found})` };
  }
  // A later page: its keys come from the sort index alone, so skipping to a far page reads no row;
  // then only its rows are read. From an anchor, the index is entered at the anchor's row.
  const fromAnchor =
    anchor &&
    sql`(${column}, ${subscribers.subscriberPK}) ${sql.raw(descending ? '<=' : '>=')} (${anchor.key}, ${anchor.pk})`;
  const page = db
    .select({ subscriberPK: subscribers.subscriberPK })
    .from(subscribers)
    .where(and(where, fromAnchor))
    .orderBy(...order)
    .limit(slots.limit)
    .offset(slots.offset)
    .as('page');
  const rows = db
    .select({ ...row, total: groupTotal })
    .from(page)
    .innerJoin(subscribers, eq(subscribers.subscriberPK, page.subscriberPK))
    .orderBy(...order);
  return { rows, totalAlone: groupTotal };
}

type ListRows = Awaited<ReturnType<typeof subscriberListStatement>['rows']>;
type PreparedList = { execute(values: Record<string, unknown>): Promise<ListRows> };
const preparedLists = new WeakMap<Db, Map<string, PreparedList>>();

/**
 * The statement of an unfiltered list, prepared once per database handle and shape (sort, termed
 * members, first page or not): paging repeats it with other values, and PostgreSQL then neither
 * parses nor plans it again. Searches are not prepared: their best plan depends on the text (searchPage).
 */
function preparedList(db: Db, q: ListQuery, anchored = false): PreparedList {
  const shape = `subscriber_list ${q.sortColumn ?? ''} ${q.includeTermedMembers ? 'all' : 'active'} ${q.page === 0 ? 'first' : anchored ? 'anchored' : 'later'}`;
  const byShape = preparedLists.get(db) ?? new Map<string, PreparedList>();
  preparedLists.set(db, byShape);
  let prepared = byShape.get(shape);
  if (!prepared) {
    const statement = subscriberListStatement(
      db,
      sql.placeholder('employerPK'),
      q,
      { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') },
      MEMBER_SEARCH_CAP,
      anchored ? { key: sql.placeholder('key'), pk: sql.placeholder('pk') } : undefined,
    );
    prepared = statement.rows.prepare(shape) as PreparedList;
    byShape.set(shape, prepared);
  }
  return prepared;
}

const builtSearches = new WeakMap<Db, Map<string, PreparedList>>();

/**
 * A page of a search. Its statement is built once per shape (which criteria, a name's start or
 * anywhere in it, sort, termed members, whether the total is known), with placeholders for what was
 * typed: building it took about a fifth of the call's own work. It is sent unnamed, so the database
 * still plans each call for its own text.
 */
function searchPage(db: Db, employerPK: number, q: ListQuery, slots: { limit: number; offset: number }, cap: number) {
  const { held, values, shape } = heldTerms(filterTerms(q));
  const key = `${shape} ${q.sortColumn ?? ''} ${q.includeTermedMembers ? 'all' : 'active'} ${q.knownCount === undefined ? 'count' : 'known'} ${cap}`;
  const byShape = builtSearches.get(db) ?? new Map<string, PreparedList>();
  builtSearches.set(db, byShape);
  let statement = byShape.get(key);
  if (!statement) {
    const placed = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
    const built = subscriberListStatement(db, sql.placeholder('employerPK'), q, placed, cap, undefined, held);
    statement = built.rows.prepare('') as PreparedList;
    byShape.set(key, statement);
  }
  return statement.execute({ employerPK, ...slots, ...values });
}

/**
 * A page of the unfiltered list. Far pages start at a remembered row when one is live and the group's
 * count is unchanged (page-anchors.ts); a page walked to leaves its first row as the next anchor.
 */
async function unfilteredPage(db: Db, employerPK: number, q: ListQuery, slots: { limit: number; offset: number }) {
  const { field } = sortOf(q);
  if (slots.offset < ANCHOR_FROM_OFFSET || !ANCHORED_SORTS.has(field)) {
    return preparedList(db, q).execute({ employerPK, ...slots });
  }
  const anchors = pageAnchorsOf(db);
  const list = `${employerPK} ${q.sortColumn ?? ''} ${q.includeTermedMembers ? 'all' : 'active'}`;
  const now = Date.now();
  const anchor = anchors.nearest(list, slots.offset, now);
  if (anchor) {
    const rows = await preparedList(db, q, true).execute({
      employerPK,
      limit: slots.limit,
      offset: slots.offset - anchor.offset,
      key: anchor.key,
      pk: anchor.pk,
    });
    if (rows[0]?.total === anchor.total) return rows;
    anchors.forget(list);
  }
  const rows = await preparedList(db, q).execute({ employerPK, ...slots });
  const first = rows[0];
  if (first?.total != null) {
    const key = first.s[field as 'lastName' | 'firstName' | 'ssnLast4' | 'dateOfBirth'];
    anchors.remember(list, { offset: slots.offset, key, pk: first.s.subscriberPK, total: first.total, at: now });
  }
  return rows;
}

/** A page of the member list; `cap` is MEMBER_SEARCH_CAP but in tests, whose groups are smaller. */
export async function subscriberList(db: Db, employerPK: number, q: ListQuery, cap = MEMBER_SEARCH_CAP) {
  const filtered = isFiltered(q);
  // A search lists no member past the cap: its last page stops there.
  const slots = pageOf(q);
  const limit = filtered ? Math.min(slots.limit, cap - slots.offset) : slots.limit;
  const rows =
    limit <= 0
      ? []
      : filtered
        ? await searchPage(db, employerPK, q, { ...slots, limit }, cap)
        : await unfilteredPage(db, employerPK, q, slots);
  // A page past the end has no row to carry the total: it is read apart.
  const total =
    rows[0]?.total ??
    q.knownCount ??
    (await scalar(db, subscriberListStatement(db, employerPK, q, slots, cap).totalAlone)) ??
    0;
  const countCapped = filtered && total > cap;
  return {
    list: rows.map(({ s, stateName, pendingTypes: types }) => ({
      subscriberPK: s.subscriberPK,
      dependentPK: null,
      subscriberID: s.subscriberID,
      genderPK: s.genderPK,
      firstName: s.firstName,
      lastName: s.lastName,
      middleInitial: s.middleName,
      ssnLast4: s.ssnLast4,
      dateOfBirth: s.dateOfBirth,
      email: s.email,
      phoneNumber: s.phone1,
      alternatePhoneNumber: s.phone2,
      relationPK: null,
      maritalStatusPK: s.maritalStatusPK,
      isTermed: s.termDate !== null,
      hasPendingRequest: types.length > 0,
      pendingRequestTypes: types,
      address: {
        address1: s.address1,
        address2: s.address2,
        zipCode: s.zipCode,
        city: s.city,
        statePK: s.statePK,
        state: stateName,
      },
      employmentDetails: {
        occupation: s.occupation,
        jobTitle: s.jobTitle,
        payRate: s.payRate,
        payRateFrequency: s.payRateFrequencyPK,
        dateOfHire: s.dateOfHire,
        effectiveDate: s.effectiveDate,
        isCoveredByMedicare: s.isCoveredByMedicare,
        annualHSAContribution: s.annualHSAContribution,
      },
      dateOfHire: s.dateOfHire,
    })),
    recordCount: countCapped ? cap : total,
    ...(countCapped ? { countCapped } : {}),
  };
}

/** Current medical and dental coverage of a member (the subscriber when dependentPK is null). */
export async function currentPlans(db: Db, subscriberPK: number, dependentPK: number | null, today = todayIsoDate()) {
  const rows = await db
    .select({
      planType: plans.planType,
      planPK: plans.planPK,
      planName: plans.planName,
      planDescription: plans.planDescription,
      tierPK: coverageOptions.coverageOptionPK,
      tierName: coverageOptions.name,
      beginDate: coverages.beginDate,
      endDate: coverages.endDate,
      locationCode: divisions.locationCode,
      divisionDescription: divisions.description,
      divisionPK: divisions.divisionPK,
    })
    .from(coverages)
    .innerJoin(plans, eq(plans.planPK, coverages.planPK))
    .innerJoin(divisions, eq(divisions.divisionPK, plans.divisionPK))
    .leftJoin(coverageOptions, eq(coverageOptions.coverageOptionPK, coverages.coverageOptionPK))
    .where(
      and(
        eq(coverages.subscriberPK, subscriberPK),
        dependentPK === null ? isNull(coverages.dependentPK) : eq(coverages.dependentPK, dependentPK),
        or(isNull(coverages.endDate), gte(coverages.endDate, today)),
      ),
    )
    .orderBy(desc(coverages.beginDate));
  const medical = rows.find((r) => r.planType === 'Medical');
  const dental = rows.find((r) => r.planType === 'Dental');
  const division = medical ?? dental;
  return {
    medical,
    dental,
    planData: {
      planName: medical?.planName ?? null,
      planDescription: medical?.planDescription ?? null,
      coverage: medical?.tierName ?? null,
      dentalPlanName: dental?.planName ?? null,
      dentalPlanDescription: dental?.planDescription ?? null,
      dentalCoverage: dental?.tierName ?? null,
      coverageBeginDate: medical?.beginDate ?? null,
      coverageEndDate: medical?.endDate ?? null,
      dentalCoverageBeginDate: dental?.beginDate ?? null,
      dentalCoverageEndDate: dental?.endDate ?? null,
      divisionID: division?.locationCode ?? null,
      divisionDescription: division?.divisionDescription ?? null,
      dependentPK,
    },
  };
}

export async function subscriberDetails(db: Db, subscriberPK: number) {
  const [row] = await db
    .select({
      s: subscribers,
      stateName: stateNameOf(subscribers.statePK),
      pendingTypes: pendingTypesOf(subscribers.subscriberPK),
    })
    .from(subscribers)
    .where(eq(subscribers.subscriberPK, subscriberPK));
  if (!row) throw notFound();
  const { s, stateName, pendingTypes: types } = row;
  const [plansNow, fsa, [deps], [cards], [draft]] = await Promise.all([
    // A termed member's coverage is what they had on their last day.
    currentPlans(db, subscriberPK, null, s.termDate ?? undefined),
    db
      .select({ pk: fsaElections.planPK, amount: fsaElections.electionAmount })
      .from(fsaElections)
      .where(eq(fsaElections.subscriberPK, subscriberPK)),
    db
      .select({ value: count() })
      .from(dependents)
      .where(and(eq(dependents.subscriberPK, subscriberPK), isNull(dependents.termDate))),
    db.select({ value: count() }).from(idCards).where(eq(idCards.subscriberPK, subscriberPK)),
    db
      .select({ saveStep: requests.saveStep, changeReasonPK: requests.changeReasonPK })
      .from(requests)
      .where(and(eq(requests.subscriberPK, subscriberPK), eq(requests.status, 'Incomplete')))
      .orderBy(desc(requests.updatedAt))
      .limit(1),
  ]);
  const { medical, dental, planData } = plansNow;
  return {
    subscriberPK: s.subscriberPK,
    dependentPK: null,
    subscriberID: s.subscriberID,
    employerPK: s.employerPK,
    hasPendingRequest: types.length > 0,
    pendingRequestTypes: types,
    saveStep: draft?.saveStep ?? null,
    isTermed: s.termDate !== null,
    termDate: s.termDate,
    subscriber: {
      firstName: s.firstName,
      middleName: s.middleName,
      lastName: s.lastName,
      dateOfBirth: s.dateOfBirth,
      genderID: s.genderPK,
      maritalStatusPK: s.maritalStatusPK,
      maritalStatusID: s.maritalStatusPK,
      address1: s.address1,
      address2: s.address2,
      city: s.city,
      state: stateName,
      stateID: s.statePK,
      zipCode: s.zipCode,
      phone1: s.phone1,
      phone2: s.phone2,
      emailAddress: s.email,
      email: s.email,
    },
    ssnLast4: s.ssnLast4,
    occupation: s.occupation,
    jobTitle: s.jobTitle,
    payRate: s.payRate,
    payRateFrequencyID: s.payRateFrequencyPK,
    dateOfHire: s.dateOfHire,
    effectiveDate: s.effectiveDate,
    isCoveredByMedicare: s.isCoveredByMedicare,
    annualHSAContribution: s.annualHSAContribution,
    employerDivisions: medical?.divisionPK ?? dental?.divisionPK ?? s.divisionPK,
    employerPlanPK: medical?.planPK ?? null,
    employerDentalPlanPK: dental?.planPK ?? null,
    coverageOptionPK: medical?.tierPK ?? null,
    medicalTierPK: medical?.tierPK ?? null,
    dentalTierPK: dental?.tierPK ?? null,
    tierPK: medical?.tierPK ?? null,
    isMedicalCoverage: Boolean(medical),
    isDentalCoverage: Boolean(dental),
    isMedical: Boolean(medical),
    hasDependents: (deps?.value ?? 0) > 0,
    changeReasonPK: draft?.changeReasonPK ?? null,
    relation: 'Self',
    viewIDCard: (cards?.value ?? 0) > 0,
    fsaData: fsa.map((f) => ({ pk: f.pk, amount: f.amount.toFixed(2) })),
    planData,
  };
}

const relationshipNames = aliasedTable(lookupValues, 'relationship_names');

/** Dependents of a subscriber; none is a 404, which the SPA reads as an empty list (spec 1 §7). */
export async function dependentList(db: Db, subscriberPK: number, includeTermed: boolean) {
  const rows = await db
    .select({ d: dependents, relationship: relationshipNames.name })
    .from(dependents)
    .leftJoin(
      relationshipNames,
      and(eq(relationshipNames.kind, 'relationship'), eq(relationshipNames.pk, dependents.relationshipPK)),
    )
    .where(and(eq(dependents.subscriberPK, subscriberPK), includeTermed ? undefined : isNull(dependents.termDate)))
    .orderBy(asc(dependents.dateOfBirth), asc(dependents.dependentPK));
  if (rows.length === 0) throw notFound('This subscriber has no dependents.');
  return rows.map(({ d, relationship }) => ({
    dependentPK: d.dependentPK,
    subscriberPK: d.subscriberPK,
    dependentID: d.dependentID,
    firstName: d.firstName,
    lastName: d.lastName,
    middleInitial: d.middleInitial,
    ssnLast4: d.ssnLast4,
    isEmployed: d.isEmployed,
    genderPK: d.genderPK,
    maritalStatusPK: d.maritalStatusPK,
    marriageDate: d.marriageDate,
    relationshipPK: d.relationshipPK,
    relationPK: d.relationshipPK,
    relationship: relationship ?? '',
    dateOfBirth: d.dateOfBirth,
    phone1: d.phone1,
    phone2: d.phone2,
    emailAddress: d.email,
    sameAddress: d.sameAddress,
    address: {
      address1: d.address1,
      address2: d.address2,
      zipCode: d.zipCode,
      city: d.city,
      stateID: d.statePK,
    },
    isTermed: d.termDate !== null,
    termDate: d.termDate,
  }));
}

export async function dependentEnrollmentDetails(db: Db, dependentPK: number) {
  const [row] = await db
    .select({ subscriberPK: dependents.subscriberPK })
    .from(dependents)
    .where(eq(dependents.dependentPK, dependentPK));
  if (!row) throw notFound();
  return (await currentPlans(db, row.subscriberPK, dependentPK)).planData;
}
