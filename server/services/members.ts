import { aliasedTable, and, asc, count, desc, eq, gte, ilike, inArray, isNull, like, or } from 'drizzle-orm';
import { PENDING_STATUSES } from '../../src/contracts/requests';
import { todayIsoDate } from '../../src/contracts/person-rules';
import type { z } from 'zod';
import type { RequestType, subscriberListQuery } from '../../src/contracts/subscribers';
import type { Db } from '../db/client';
import {
  coverageOptions,
  coverages,
  dependents,
  divisions,
  fsaElections,
  idCards,
  lookupValues,
  plans,
  requests,
  subscribers,
} from '../db/schema';
import { notFound } from '../lib/problem';

type ListQuery = z.output<typeof subscriberListQuery>;

/** Escapes LIKE wildcards so a typed % or _ matches itself. */
export function contains(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SORTS = {
  lastName: subscribers.lastName,
  firstName: subscribers.firstName,
  ssnLast4: subscribers.ssnLast4,
  dateOfBirth: subscribers.dateOfBirth,
  'employmentDetails.dateOfHire': subscribers.dateOfHire,
} as const;

const stateNames = aliasedTable(lookupValues, 'state_names');

/** Pending request types per subscriber, from stored requests that have not reached member data yet. */
async function pendingTypes(db: Db, subscriberPKs: number[]) {
  const byPK = new Map<number, RequestType[]>();
  if (subscriberPKs.length === 0) return byPK;
  const rows = await db
    .selectDistinct({ subscriberPK: requests.subscriberPK, type: requests.type })
    .from(requests)
    .where(and(inArray(requests.subscriberPK, subscriberPKs), inArray(requests.status, [...PENDING_STATUSES])));
  for (const row of rows) {
    if (row.subscriberPK === null) continue;
    byPK.set(row.subscriberPK, [...(byPK.get(row.subscriberPK) ?? []), row.type as RequestType]);
  }
  return byPK;
}

export async function listSubscribers(db: Db, employerPK: number, q: ListQuery) {
  const where = and(
    eq(subscribers.employerPK, employerPK),
    q.firstName ? ilike(subscribers.firstName, contains(q.firstName.trim())) : undefined,
    q.lastName ? ilike(subscribers.lastName, contains(q.lastName.trim())) : undefined,
    q.ssn ? like(subscribers.ssnLast4, contains(q.ssn)) : undefined,
    q.includeTermedMembers ? undefined : isNull(subscribers.termDate),
  );
  const [field = 'lastName', direction = 'ASC'] = (q.sortColumn ?? 'lastName ASC').split(' ');
  const column = SORTS[field as keyof typeof SORTS] ?? subscribers.lastName;
  const order = direction === 'DESC' ? desc(column) : asc(column);

  const [rows, [total]] = await Promise.all([
    db
      .select({ s: subscribers, stateName: stateNames.name })
      .from(subscribers)
      .leftJoin(stateNames, and(eq(stateNames.kind, 'state'), eq(stateNames.pk, subscribers.statePK)))
      .where(where)
      .orderBy(order, asc(subscribers.subscriberPK))
      .limit(q.recordsPerPage)
      .offset(q.page * q.recordsPerPage),
    db.select({ value: count() }).from(subscribers).where(where),
  ]);
  const pending = await pendingTypes(
    db,
    rows.map((r) => r.s.subscriberPK),
  );
  return {
    list: rows.map(({ s, stateName }) => {
      const types = pending.get(s.subscriberPK) ?? [];
      return {
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
      };
    }),
    recordCount: total?.value ?? 0,
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
    .select({ s: subscribers, stateName: stateNames.name })
    .from(subscribers)
    .leftJoin(stateNames, and(eq(stateNames.kind, 'state'), eq(stateNames.pk, subscribers.statePK)))
    .where(eq(subscribers.subscriberPK, subscriberPK));
  if (!row) throw notFound();
  const { s, stateName } = row;
  const [plansNow, pending, fsa, [deps], [cards], [draft]] = await Promise.all([
    currentPlans(db, subscriberPK, null),
    pendingTypes(db, [subscriberPK]),
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
  const types = pending.get(subscriberPK) ?? [];
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
