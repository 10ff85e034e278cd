// A stored request as a document of titled blocks, rendered as HTML for the view-request modal
// (request-details.ts) and as a PDF (pdf/enrollment-pdf.ts). Built only from columns that carry no full
// SSN: `requests.ssn` and `requests.dependentSsns` are never selected here, and SSNs show as their
// last 4 under a mask. Payloads are read leniently: older or seeded ones may miss fields.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { format } from 'date-fns';
import { OTHER_TERMINATION_REASON, type LookupKind } from '../../../src/contracts/lookups';
import { REQUEST_STATUS_LABELS, REQUEST_TYPE_LABELS, type RequestStatus } from '../../../src/contracts/requests';
import type { RequestType } from '../../../src/contracts/subscribers';
import type { Db } from '../../db/client';
import {
  coverageOptions,
  dependents,
  divisions,
  employers,
  lifeEventProofs,
  lifeEvents,
  lookupValues,
  plans,
  requestStatusHistory,
  requests,
  subscribers,
  terminations,
} from '../../db/schema';
import { isIsoDate, usDate } from '../../lib/calendar';
import { notFound } from '../../lib/problem';
import { usd } from '../../lib/money';

type Field = readonly [label: string, value: string];
export type DocumentBlock =
  | { kind: 'fields'; title: string; fields: Field[] }
  | { kind: 'table'; title: string; columns: string[]; rows: string[][] };

type HistoryEvent = { status: RequestStatus; changedBy: string; changedAt: Date; note: string | null };

export type RequestDocument = {
  requestPK: number;
  type: RequestType;
  status: RequestStatus;
  title: string;
  groupName: string;
  groupID: string;
  blocks: DocumentBlock[];
  history: HistoryEvent[];
};

type Loose = Record<string, unknown>;

const NOT_GIVEN = '';

const record = (value: unknown): Loose =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : {};
const list = (value: unknown): Loose[] => (Array.isArray(value) ? value.map(record) : []);
const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const positivePK = (value: unknown): number | null => {
  const n = num(value);
  return n !== null && n > 0 ? n : null;
};

const day = (value: unknown) => {
  const raw = text(value);
  return isIsoDate(raw) ? usDate(raw) : raw;
};
const yesNo = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : NOT_GIVEN);
/** Only ever the last 4, under a mask; anything else that claims to be an SSN is not shown. */
const maskedSsn = (last4: unknown) => {
  const digits = text(last4);
  return /^\d{4}$/.test(digits) ? `***-**-${digits}` : 'Not provided';
};
const joined = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' ');
/** An amount as typed ('1,250.00') or stored (1250), shown as dollars. */
const money = (value: unknown) => {
  const amount = typeof value === 'number' ? value : Number(text(value).replace(/,/g, ''));
  return text(value) !== '' && Number.isFinite(amount) ? usd(amount) : text(value);
};
const when = (at: Date) => format(at, 'MM/dd/yyyy h:mm a');

/** Free text (a comment, an address) may quote an SSN; only its last 4 are ever shown. */
const FULL_SSN_IN_TEXT = /\b\d{3}-\d{2}-(\d{4})\b/g;
const redacted = (value: string) => value.replace(FULL_SSN_IN_TEXT, '***-**-$1');

function redactBlock(block: DocumentBlock): DocumentBlock {
  return block.kind === 'fields'
    ? { ...block, fields: block.fields.map(([label, value]) => [label, redacted(value)] as const) }
    : { ...block, rows: block.rows.map((row) => row.map(redacted)) };
}

/** Names of everything a request refers to by pk: lookups, plans, tiers, divisions of its group. */
type Names = {
  lookup(kind: LookupKind, pk: unknown): string;
  stateCode(pk: unknown): string;
  plan(pk: unknown): string;
  tier(pk: unknown): string;
  division(pk: unknown): string;
};

async function loadNames(db: Db, employerPK: number, payload: Loose): Promise<Names> {
  const elected = list(payload.elections);
  const planPKs = [
    payload.employerPlanPK,
    payload.employerDentalPlanPK,
    ...list(payload.FSAElections).map((e) => e.pk),
    ...elected.map((e) => e.planPK),
  ]
    .map(positivePK)
    .filter((pk) => pk !== null);
  const tierPKs = [payload.medicalTierPK, payload.dentalTierPK, ...elected.map((e) => e.coverageOptionPK)]
    .map(positivePK)
    .filter((pk) => pk !== null);
  const divisionPK = positivePK(payload.divisions) ?? positivePK(payload.employerDivisionsPK);

  const [lookups, planRows, tierRows, divisionRows] = await Promise.all([
    db.select().from(lookupValues),
    planPKs.length
      ? db
          .select({ pk: plans.planPK, name: plans.planName })
          .from(plans)
          .where(and(eq(plans.employerPK, employerPK), inArray(plans.planPK, planPKs)))
      : [],
    tierPKs.length
      ? db
          .select({ pk: coverageOptions.coverageOptionPK, name: coverageOptions.name })
          .from(coverageOptions)
          .where(and(eq(coverageOptions.employerPK, employerPK), inArray(coverageOptions.coverageOptionPK, tierPKs)))
      : [],
    divisionPK
      ? db
          .select({ pk: divisions.divisionPK, name: divisions.description, code: divisions.locationCode })
          .from(divisions)
          .where(and(eq(divisions.employerPK, employerPK), eq(divisions.divisionPK, divisionPK)))
      : [],
  ]);
  const find = <T extends { pk: number }>(rows: T[], pk: unknown) => rows.find((r) => r.pk === positivePK(pk));
  return {
    lookup: (kind, pk) => lookups.find((l) => l.kind === kind && l.pk === num(pk))?.name ?? NOT_GIVEN,
    stateCode: (pk) => {
      const state = lookups.find((l) => l.kind === 'state' && l.pk === num(pk));
      return state?.code ?? state?.name ?? NOT_GIVEN;
    },
    plan: (pk) => find(planRows, pk)?.name ?? (positivePK(pk) ? `Plan ${text(pk)}` : NOT_GIVEN),
    tier: (pk) => find(tierRows, pk)?.name ?? NOT_GIVEN,
    division: (pk) => {
      const row = find(divisionRows, pk);
      return row ? `${row.name} (${row.code})` : NOT_GIVEN;
    },
  };
}

/** A person in one shape, whether read from a form-shaped payload or from a member row. */
type Person = {
  name: string;
  dateOfBirth: string;
  gender: string;
  maritalStatus: string;
  ssn: string;
  address: string[];
  phone: string;
  alternatePhone: string;
  email: string;
};

function addressLines(
  names: Names,
  a: { address1: unknown; address2: unknown; city: unknown; statePK: unknown; zipCode: unknown },
) {
  const cityLine = [text(a.city), joined(names.stateCode(a.statePK), a.zipCode)].filter(Boolean).join(', ');
  return [text(a.address1), text(a.address2), cityLine].filter(Boolean);
}

/** Subscriber block of a wizard or update payload (form field names). */
function formPerson(names: Names, p: Loose): Person {
  return {
    name: joined(p.firstName, p.middleName ?? p.middleInitial, p.lastName),
    dateOfBirth: day(p.dateOfBirth),
    gender: names.lookup('gender', p.genderID ?? p.genderPK),
    maritalStatus: names.lookup('maritalStatus', p.maritalStatusPK ?? p.maritalStatusID),
    ssn: maskedSsn(p.ssnLast4),
    address: addressLines(names, {
      address1: p.address1,
      address2: p.address2,
      city: p.city,
      statePK: p.stateID,
      zipCode: p.zipCode,
    }),
    phone: text(p.phone1),
    alternatePhone: text(p.phone2),
    email: text(p.emailAddress ?? p.email),
  };
}

function personFields(person: Person): Field[] {
  return [
    ['Name', person.name],
    ['Date of Birth', person.dateOfBirth],
    ['Gender', person.gender],
    ['Marital Status', person.maritalStatus],
    ['SSN', person.ssn],
    ['Address', person.address.join('\n')],
    ['Phone', person.phone],
    ['Alternate Phone', person.alternatePhone],
    ['Email', person.email],
  ];
}

function dependentTable(names: Names, title: string, people: readonly Loose[]): DocumentBlock {
  return {
    kind: 'table',
    title,
    columns: ['Name', 'Relationship', 'Date of Birth', 'Gender', 'SSN'],
    rows: people.map((d) => [
      joined(d.firstName, d.middleInitial, d.lastName),
      names.lookup('relationship', d.relationshipPK),
      day(d.dateOfBirth),
      names.lookup('gender', d.genderPK),
      maskedSsn(d.ssnLast4),
    ]),
  };
}

/** Wizard requests: employment, dependents, plans and FSA elections. */
function enrollmentBlocks(names: Names, p: Loose): DocumentBlock[] {
  const frequency = names.lookup('payFrequency', p.payRateFrequencyID);
  const division = p.divisions ?? p.employerDivisionsPK;
  const coverage = (answer: unknown, planPK: unknown, tierPK: unknown) =>
    answer === false ? 'No' : [names.plan(planPK), names.tier(tierPK)].filter(Boolean).join(' — ');
  return [
    {
      kind: 'fields',
      title: 'Employment',
      fields: [
        ['Date of Hire', day(p.dateOfHire)],
        ['Effective Date', day(p.effectiveDate)],
        ['Occupation', text(p.occupation)],
        ['Job Title', text(p.jobTitle)],
        ['Pay Rate', [money(p.payRate), frequency].filter(Boolean).join(' ')],
        ['Covered by Medicare', yesNo(p.isCoveredByMedicare)],
      ],
    },
    dependentTable(names, 'Dependents', list(p.dependents)),
    {
      kind: 'fields',
      title: 'Plans',
      fields: [
        ['Division', names.division(division)],
        ['Medical', coverage(p.isMedicalCoverage, p.employerPlanPK, p.medicalTierPK)],
        ['Dental', coverage(p.isDentalCoverage, p.employerDentalPlanPK, p.dentalTierPK)],
        ['Group Effective Date', day(p.groupEffectiveDate)],
      ],
    },
    {
      kind: 'table',
      title: 'FSA Elections',
      columns: ['Plan', 'Annual Amount'],
      rows: list(p.FSAElections).map((e) => [names.plan(e.pk), money(e.amount)]),
    },
  ];
}

const ELECTION_WORDS: Record<string, string> = {
  keep: "Keep (next year's plan)",
  change: 'Change',
  waive: 'Waive',
  rollover: 'Rolled over without action',
  lapse: 'Ends: not elected',
};

/** An open enrollment request: the elections that take effect at the plan-year start. */
async function openEnrollmentFields(db: Db, names: Names, row: RequestRow): Promise<DocumentBlock[]> {
  const p = row.payload;
  const fields: Field[] = [['Plan Year Begins', day(p.planYearBegin)], ...electionFields(names, list(p.elections))];
  const blocks: DocumentBlock[] = [{ kind: 'fields', title: 'Open Enrollment Elections', fields }];
  const fsa = list(p.FSAElections);
  blocks.push({
    kind: 'table',
    title: 'FSA Elections',
    columns: ['Plan', 'Annual Amount'],
    rows: fsa.length ? fsa.map((e) => [names.plan(e.pk), money(e.amount)]) : [['No FSA next year', '']],
  });
  if (list(p.newDependents).length) blocks.push(dependentTable(names, 'Dependents Added', list(p.newDependents)));
  const removed = await removedDependents(db, row);
  if (removed.length) blocks.push(dependentTable(names, 'Dependents Removed', removed));
  return blocks;
}

/** The dependents a request removes (`removeDependentPKs`), as the record names them. */
async function removedDependents(db: Db, row: RequestRow) {
  const p = row.payload;
  const removedPKs = Array.isArray(p.removeDependentPKs) ? p.removeDependentPKs.filter(Number.isInteger) : [];
  return removedPKs.length
    ? db
        .select({
          firstName: dependents.firstName,
          lastName: dependents.lastName,
          relationshipPK: dependents.relationshipPK,
        })
        .from(dependents)
        .where(
          and(
            eq(dependents.subscriberPK, row.subscriberPK ?? 0),
            inArray(dependents.dependentPK, removedPKs as number[]),
          ),
        )
    : [];
}

/** Elections of a request, one line per coverage type: what the member chose and the plan or reason. */
function electionFields(names: Names, elections: readonly Loose[]): Field[] {
  return elections.map((e) => {
    const what = ELECTION_WORDS[String(e.action)] ?? NOT_GIVEN;
    const detail =
      e.action === 'waive' || e.action === 'lapse'
        ? text(e.waiveReason)
        : [names.plan(e.planPK), names.tier(e.coverageOptionPK)].filter(Boolean).join(' — ');
    return [String(e.planType), [what, detail].filter(Boolean).join(': ')] as const;
  });
}

/**
 * A life event: what happened and when, when it takes effect, the proof, the coverage changes, who
 * joins and who leaves. HR reads it beside the proof.
 */
async function lifeEventBlocks(db: Db, names: Names, row: RequestRow): Promise<DocumentBlock[]> {
  const p = row.payload;
  const [event] = await db
    .select({
      reportedOn: lifeEvents.reportedOn,
      proofToFollow: lifeEvents.proofToFollow,
      proofDueDate: lifeEvents.proofDueDate,
      proofSize: lifeEventProofs.size,
    })
    .from(lifeEvents)
    .leftJoin(lifeEventProofs, eq(lifeEventProofs.lifeEventPK, lifeEvents.lifeEventPK))
    .where(eq(lifeEvents.requestPK, row.requestPK));
  const proof =
    event?.proofSize != null
      ? 'Attached'
      : event?.proofToFollow
        ? `To follow by ${day(event.proofDueDate)}`
        : 'Not received';
  const removed = await removedDependents(db, row);
  const blocks: DocumentBlock[] = [
    {
      kind: 'fields',
      title: 'Life Event',
      fields: [
        ['Event', text(p.kindName)],
        ['Event Date', day(p.eventDate)],
        ['Reported', day(event?.reportedOn)],
        ['Effective Date', day(p.effectiveDate)],
        ['Proof', proof],
        ...electionFields(names, list(p.elections)),
      ],
    },
  ];
  if (list(p.newDependents).length) blocks.push(dependentTable(names, 'Dependents Added', list(p.newDependents)));
  if (removed.length) blocks.push(dependentTable(names, 'Dependents Removed', removed));
  return blocks;
}

type RequestRow = Pick<
  typeof requests.$inferSelect,
  | 'requestPK'
  | 'employerPK'
  | 'subscriberPK'
  | 'dependentPK'
  | 'type'
  | 'status'
  | 'changeReasonPK'
  | 'payload'
  | 'createdBy'
  | 'createdAt'
>;

/** The member on file, for requests about an existing subscriber (no SSN column is read). */
async function memberOnFile(db: Db, names: Names, subscriberPK: number | null) {
  if (subscriberPK === null) return null;
  const [s] = await db
    .select({
      subscriberID: subscribers.subscriberID,
      firstName: subscribers.firstName,
      middleName: subscribers.middleName,
      lastName: subscribers.lastName,
      ssnLast4: subscribers.ssnLast4,
      dateOfBirth: subscribers.dateOfBirth,
      genderPK: subscribers.genderPK,
      maritalStatusPK: subscribers.maritalStatusPK,
      address1: subscribers.address1,
      address2: subscribers.address2,
      city: subscribers.city,
      statePK: subscribers.statePK,
      zipCode: subscribers.zipCode,
      phone1: subscribers.phone1,
      phone2: subscribers.phone2,
      email: subscribers.email,
    })
    .from(subscribers)
    .where(eq(subscribers.subscriberPK, subscriberPK));
  if (!s) return null;
  const person: Person = {
    name: joined(s.firstName, s.middleName, s.lastName),
    dateOfBirth: day(s.dateOfBirth),
    gender: names.lookup('gender', s.genderPK),
    maritalStatus: names.lookup('maritalStatus', s.maritalStatusPK),
    ssn: maskedSsn(s.ssnLast4),
    address: addressLines(names, s),
    phone: text(s.phone1),
    alternatePhone: text(s.phone2),
    email: text(s.email),
  };
  return { subscriberID: s.subscriberID, person };
}

async function dependentOnFile(db: Db, dependentPK: number | null) {
  if (dependentPK === null) return null;
  const [d] = await db
    .select({
      dependentID: dependents.dependentID,
      firstName: dependents.firstName,
      middleInitial: dependents.middleInitial,
      lastName: dependents.lastName,
      ssnLast4: dependents.ssnLast4,
      dateOfBirth: dependents.dateOfBirth,
      genderPK: dependents.genderPK,
      relationshipPK: dependents.relationshipPK,
    })
    .from(dependents)
    .where(eq(dependents.dependentPK, dependentPK));
  return d ?? null;
}

async function terminationBlock(db: Db, names: Names, row: RequestRow): Promise<DocumentBlock> {
  const [stored] = await db
    .select({
      eventDate: terminations.eventDate,
      terminationDate: terminations.terminationDate,
      reasonPK: terminations.reasonPK,
      comment: terminations.comment,
    })
    .from(terminations)
    .where(eq(terminations.requestPK, row.requestPK));
  const t: Loose = stored ?? row.payload;
  const reason =
    num(t.reasonPK) === OTHER_TERMINATION_REASON.pk
      ? OTHER_TERMINATION_REASON.name
      : names.lookup('terminatePlanReason', t.reasonPK);
  return {
    kind: 'fields',
    title: 'Termination',
    fields: [
      ['Event Date', day(t.eventDate)],
      ['Benefit End Date', day(t.terminationDate)],
      ['Reason', reason],
      ['Comment', text(t.comment)],
    ],
  };
}

function historyBlock(history: HistoryEvent[]): DocumentBlock {
  return {
    kind: 'table',
    title: 'Status History',
    columns: ['Status', 'Changed By', 'Date', 'Note'],
    rows: history.map((h) => [REQUEST_STATUS_LABELS[h.status], h.changedBy, when(h.changedAt), h.note ?? '']),
  };
}

/** The blocks that differ by request type. */
async function typeBlocks(db: Db, names: Names, row: RequestRow): Promise<DocumentBlock[]> {
  const p = row.payload;
  const subscriberBlock = (title: string, person: Person): DocumentBlock => ({
    kind: 'fields',
    title,
    fields: personFields(person),
  });
  switch (row.type) {
    case 'NewEnrollment':
    case 'ChangeCoverage':
      return [subscriberBlock('Subscriber', formPerson(names, record(p.subscriber))), ...enrollmentBlocks(names, p)];
    case 'OpenEnrollment':
      return openEnrollmentFields(db, names, row);
    case 'LifeEvent':
      return lifeEventBlocks(db, names, row);
    case 'Subscriber':
      return [subscriberBlock('Subscriber (requested information)', formPerson(names, record(p.subscriber)))];
    case 'Dependent': {
      const member = await memberOnFile(db, names, row.subscriberPK);
      const d = record(p.dependent);
      const address = record(d.address);
      const requested: Field[] = [
        ['Name', joined(d.firstName, d.middleInitial, d.lastName)],
        ['Relationship', names.lookup('relationship', d.relationshipPK)],
        ['Date of Birth', day(d.dateOfBirth)],
        ['Gender', names.lookup('gender', d.genderPK)],
        ['Marital Status', names.lookup('maritalStatus', d.maritalStatusPK)],
        ['Marriage Date', day(d.marriageDate)],
        ['SSN', maskedSsn(d.ssnLast4)],
        [
          'Address',
          d.sameAddress === false
            ? addressLines(names, {
                address1: address.address1,
                address2: address.address2,
                city: address.city,
                statePK: address.stateID,
                zipCode: address.zipCode,
              }).join('\n')
            : 'Same as subscriber',
        ],
        ['Phone', text(d.phone1)],
        ['Alternate Phone', text(d.phone2)],
        ['Email', text(d.emailAddress)],
      ];
      return [
        ...(member ? [subscriberBlock('Subscriber', member.person)] : []),
        { kind: 'fields', title: 'Dependent (requested information)', fields: requested },
      ];
    }
    case 'Terminate':
    case 'TerminateDependent': {
      const member = await memberOnFile(db, names, row.subscriberPK);
      const dependent = row.type === 'TerminateDependent' ? await dependentOnFile(db, row.dependentPK) : null;
      return [
        ...(member ? [subscriberBlock('Subscriber', member.person)] : []),
        ...(dependent ? [dependentTable(names, 'Dependent', [dependent])] : []),
        await terminationBlock(db, names, row),
      ];
    }
  }
}

/** The request of the given pk as a document; 404 when there is none. */
export async function loadRequestDocument(db: Db, requestPK: number): Promise<RequestDocument> {
  const [row] = await db
    .select({
      requestPK: requests.requestPK,
      employerPK: requests.employerPK,
      subscriberPK: requests.subscriberPK,
      dependentPK: requests.dependentPK,
      type: requests.type,
      status: requests.status,
      changeReasonPK: requests.changeReasonPK,
      payload: requests.payload,
      createdBy: requests.createdBy,
      createdAt: requests.createdAt,
    })
    .from(requests)
    .where(eq(requests.requestPK, requestPK));
  if (!row) throw notFound();

  const [[employer], history, names] = await Promise.all([
    db
      .select({ name: employers.employerName, id: employers.employerID })
      .from(employers)
      .where(eq(employers.employerPK, row.employerPK)),
    db
      .select({
        status: requestStatusHistory.status,
        changedBy: requestStatusHistory.changedBy,
        changedAt: requestStatusHistory.changedAt,
        note: requestStatusHistory.note,
      })
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.requestPK, requestPK))
      .orderBy(asc(requestStatusHistory.changedAt), asc(requestStatusHistory.requestStatusHistoryPK)),
    loadNames(db, row.employerPK, record(row.payload)),
  ]);

  const details = record(record(row.payload).changeReasonDetails);
  const summary: Field[] = [
    ['Request Number', String(row.requestPK)],
    ['Type', REQUEST_TYPE_LABELS[row.type]],
    ['Status', REQUEST_STATUS_LABELS[row.status]],
    ['Date Requested', when(row.createdAt)],
    ['Requested By', row.createdBy],
    ['Change Reason', names.lookup('changePlanReason', row.changeReasonPK ?? details.changeReasonPK)],
    ['Comment', text(details.comment)],
  ];

  return {
    requestPK: row.requestPK,
    type: row.type,
    status: row.status,
    title: `Enrollment Request ${row.requestPK}`,
    groupName: employer?.name ?? '',
    groupID: employer?.id ?? '',
    blocks: [
      { kind: 'fields' as const, title: 'Request', fields: summary.filter(([, value]) => value !== NOT_GIVEN) },
      ...(await typeBlocks(db, names, row)),
      historyBlock(history),
    ].map(redactBlock),
    history: history.map((h) => ({ ...h, note: h.note === null ? null : redacted(h.note) })),
  };
}
