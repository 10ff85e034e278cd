// The member view: everything the portal holds about one subscriber and their dependents, in a few
// reads by the subscriber's key (never one per row). Full SSNs stay in the database.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MEMBER_VIEW_LIMIT, type CoverageItem, type MemberView } from '../../../src/contracts/member-view';
import type { Db } from '../../db/client';
import {
  claims,
  coverageOptions,
  coverages,
  dependents,
  divisions,
  fsaElections,
  idCards,
  lookupValues,
  plans,
  requestStatusHistory,
  requests,
  subscribers,
} from '../../db/schema';
import { notFound } from '../../lib/problem';
import { claimColumns } from '../claims';

const lookupName = (kind: 'gender' | 'relationship', pk: AnyPgColumn) =>
  sql<
    string | null
  >`(select ${lookupValues.name} from ${lookupValues} where ${lookupValues.kind} = ${kind} and ${lookupValues.pk} = ${pk})`;
const stateCode = sql<
  string | null
>`(select coalesce(${lookupValues.code}, ${lookupValues.name}) from ${lookupValues} where ${lookupValues.kind} = 'state' and ${lookupValues.pk} = ${subscribers.statePK})`;

async function coverageHistory(db: Db, subscriberPK: number, names: Map<number | null, string>) {
  const [rows, fsa] = await Promise.all([
    db
      .select({
        coveragePK: coverages.coveragePK,
        planType: plans.planType,
        planName: plans.planName,
        tierName: coverageOptions.name,
        dependentPK: coverages.dependentPK,
        beginDate: coverages.beginDate,
        endDate: coverages.endDate,
      })
      .from(coverages)
      .innerJoin(plans, eq(plans.planPK, coverages.planPK))
      .leftJoin(coverageOptions, eq(coverageOptions.coverageOptionPK, coverages.coverageOptionPK))
      .where(eq(coverages.subscriberPK, subscriberPK))
      .orderBy(asc(plans.planType), sql`${coverages.dependentPK} asc nulls first`, desc(coverages.beginDate)),
    db
      .select({
        fsaElectionPK: fsaElections.fsaElectionPK,
        planName: plans.planName,
        beginDate: plans.contractBeginDate,
        endDate: plans.contractEndDate,
        electionAmount: fsaElections.electionAmount,
      })
      .from(fsaElections)
      .innerJoin(plans, eq(plans.planPK, fsaElections.planPK))
      .where(eq(fsaElections.subscriberPK, subscriberPK))
      .orderBy(desc(plans.contractBeginDate)),
  ]);
  const coverage: CoverageItem[] = rows.map((row) => ({
    ...row,
    planType: row.planType,
    memberName: names.get(row.dependentPK) ?? '',
    electionAmount: null,
  }));
  // An FSA election is the subscriber's account for its plan year.
  for (const election of fsa) {
    coverage.push({
      coveragePK: election.fsaElectionPK,
      planType: 'FSA',
      planName: election.planName,
      tierName: null,
      dependentPK: null,
      memberName: names.get(null) ?? '',
      beginDate: election.beginDate,
      endDate: election.endDate,
      electionAmount: election.electionAmount,
    });
  }
  return coverage;
}

async function requestHistory(db: Db, subscriberPK: number) {
  const list = await db
    .select({
      requestPK: requests.requestPK,
      type: requests.type,
      status: requests.status,
      createdAt: requests.createdAt,
    })
    .from(requests)
    .where(eq(requests.subscriberPK, subscriberPK))
    .orderBy(desc(requests.requestPK))
    .limit(MEMBER_VIEW_LIMIT);
  const history =
    list.length === 0
      ? []
      : await db
          .select({
            requestPK: requestStatusHistory.requestPK,
            status: requestStatusHistory.status,
            changedAt: requestStatusHistory.changedAt,
            note: requestStatusHistory.note,
          })
          .from(requestStatusHistory)
          .where(
            inArray(
              requestStatusHistory.requestPK,
              list.map((r) => r.requestPK),
            ),
          )
          .orderBy(asc(requestStatusHistory.changedAt), asc(requestStatusHistory.requestStatusHistoryPK));
  return list.map((r) => ({
    requestPK: r.requestPK,
    type: r.type,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    history: history
      .filter((h) => h.requestPK === r.requestPK)
      .map((h) => ({ status: h.status, changedAt: h.changedAt.toISOString(), note: h.note })),
  }));
}

/** The member view of a subscriber; claims only when the caller may see claims. */
export async function memberView(db: Db, subscriberPK: number, withClaims: boolean): Promise<MemberView> {
  const [row] = await db
    .select({
      s: subscribers,
      gender: lookupName('gender', subscribers.genderPK),
      state: stateCode,
      division: divisions.description,
    })
    .from(subscribers)
    .leftJoin(divisions, eq(divisions.divisionPK, subscribers.divisionPK))
    .where(eq(subscribers.subscriberPK, subscriberPK));
  if (!row) throw notFound();
  const { s } = row;
  const deps = await db
    .select({
      dependentPK: dependents.dependentPK,
      dependentID: dependents.dependentID,
      firstName: dependents.firstName,
      lastName: dependents.lastName,
      relationship: lookupName('relationship', dependents.relationshipPK),
      ssnLast4: dependents.ssnLast4,
      dateOfBirth: dependents.dateOfBirth,
      termDate: dependents.termDate,
    })
    .from(dependents)
    .where(eq(dependents.subscriberPK, subscriberPK))
    .orderBy(asc(dependents.dependentID));
  const names = new Map<number | null, string>([
    [null, `${s.firstName} ${s.lastName}`],
    ...deps.map((d) => [d.dependentPK, `${d.firstName} ${d.lastName}`] as const),
  ]);
  const [coverage, requestList, cards, claimList] = await Promise.all([
    coverageHistory(db, subscriberPK, names),
    requestHistory(db, subscriberPK),
    db
      .select({ idCardPK: idCards.idCardPK, cardNumber: idCards.cardNumber, issuedAt: idCards.createdAt })
      .from(idCards)
      .where(eq(idCards.subscriberPK, subscriberPK))
      .orderBy(desc(idCards.createdAt))
      .limit(MEMBER_VIEW_LIMIT),
    withClaims
      ? db
          .select(claimColumns)
          .from(claims)
          .where(and(eq(claims.subscriberPK, subscriberPK), eq(claims.employerPK, s.employerPK)))
          .orderBy(desc(claims.serviceDate), desc(claims.claimID))
          .limit(MEMBER_VIEW_LIMIT)
      : Promise.resolve(null),
  ]);
  return {
    subscriber: {
      subscriberPK: s.subscriberPK,
      subscriberID: s.subscriberID,
      firstName: s.firstName,
      middleName: s.middleName,
      lastName: s.lastName,
      ssnLast4: s.ssnLast4,
      dateOfBirth: s.dateOfBirth,
      gender: row.gender,
      email: s.email,
      phone: s.phone1,
      address: [s.address1, s.address2, `${s.city}, ${row.state ?? ''} ${s.zipCode}`].filter(Boolean).join(', '),
      division: row.division,
      dateOfHire: s.dateOfHire,
      effectiveDate: s.effectiveDate,
      termDate: s.termDate,
    },
    dependents: deps,
    coverage,
    requests: requestList,
    idCards: cards.map((c) => ({ ...c, issuedAt: c.issuedAt.toISOString() })),
    claims: claimList,
  };
}
