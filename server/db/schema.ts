// The one Drizzle schema shared by the PGlite (dev/test) and node-postgres (production) drivers.
// Conventions: snake_case columns, camelCase TS names; calendar dates are `yyyy-MM-dd` strings end to
// end (mode 'string' so no time-zone shifts); money is numeric(12,2) read as a JS number; audit
// times are timestamptz read as Date.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ClaimType } from '../../src/contracts/claims';
import type { Role } from '../../src/contracts/permissions';
import type { UserStatus } from '../../src/contracts/users';
import type { DocumentKind } from '../../src/contracts/documents';
import type { PlanType } from '../../src/contracts/employers';
import type { LookupKind } from '../../src/contracts/lookups';
import type {
  ImportCounts,
  ImportField,
  ImportSource,
  ImportMapping,
  ImportRowChange,
  ImportRowError,
  ImportRowKind,
  ImportStatus,
  ImportUnmapped,
  ImportValueMappings,
} from '../../src/contracts/imports';
import type { RequestStatus } from '../../src/contracts/requests';
import type { RequestType } from '../../src/contracts/subscribers';
import type { EffectiveRule } from '../../src/contracts/life-events';
import type { TerminationChoice } from '../../src/contracts/terminations';

// The domains (plan types, lookup kinds, request types and statuses, ...) are the contract's own.

// ---------------------------------------------------------------------------------------------------
// Column helpers.

/** bytea is not built into pg-core; both drivers hand back a Uint8Array subclass, normalised to Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

const pk = (name: string) => integer(name).primaryKey().generatedByDefaultAsIdentity();
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const day = (name: string) => date(name, { mode: 'string' });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => stamp('created_at').notNull().defaultNow();

// ---------------------------------------------------------------------------------------------------
// Employer structure.

export const employers = pgTable(
  'employers',
  {
    employerPK: pk('employer_pk'),
    employerName: text('employer_name').notNull(),
    /** Group ID shown in the header, e.g. 'G000002'. */
    employerID: text('employer_id').notNull(),
    /** Base64 image data without the `data:` prefix; see employerLogoMimeType. */
    employerLogo: text('employer_logo'),
    employerLogoMimeType: text('employer_logo_mime_type'),
    groupEffectiveDate: day('group_effective_date'),
    /** Federal tax ID (EIN, 9 digits) of the plan sponsor; the carrier feed names the sponsor by it. */
    taxID: text('tax_id'),
    /** The group's users must sign in with a second factor. On for groups created from now on. */
    mfaRequired: boolean('mfa_required').notNull().default(true),
    /** How often the group's people are paid (a `payFrequency` lookup pk); rates are per pay period. */
    payFrequencyPK: integer('pay_frequency_pk').notNull().default(2),
    /** "Members see their own claims": My Benefits lists the member's and their dependents' claims. */
    membersSeeClaims: boolean('members_see_claims').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('employers_employer_id_uq').on(t.employerID)],
);

export const divisions = pgTable(
  'divisions',
  {
    divisionPK: pk('division_pk'),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    locationCode: text('location_code').notNull(),
    description: text('description').notNull(),
  },
  (t) => [uniqueIndex('divisions_employer_location_uq').on(t.employerPK, t.locationCode)],
);

export const plans = pgTable(
  'plans',
  {
    planPK: pk('plan_pk'),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    // Plans are offered per division (spec 1 §4: choosing a division loads its plans).
    divisionPK: integer('division_pk')
      .notNull()
      .references(() => divisions.divisionPK, { onDelete: 'cascade' }),
    planType: text('plan_type').$type<PlanType>().notNull(),
    planName: text('plan_name').notNull(),
    planDescription: text('plan_description').notNull(),
    planCode: text('plan_code').notNull(),
    networkCode: text('network_code').notNull(),
    contractBeginDate: day('contract_begin_date').notNull(),
    contractEndDate: day('contract_end_date').notNull(),
    /**
     * The next plan year's plan this one's members move to, recorded when the year is copied forward;
     * null once the next year exists means no successor (a carrier change): its members must choose.
     */
    successorPlanPK: integer('successor_plan_pk').references((): AnyPgColumn => plans.planPK, { onDelete: 'set null' }),
    /** The most a member pays in a year for covered care, alone and as a family; null when not known. */
    oopMaxSingle: numeric('oop_max_single', { precision: 10, scale: 2, mode: 'string' }),
    oopMaxFamily: numeric('oop_max_family', { precision: 10, scale: 2, mode: 'string' }),
  },
  (t) => [
    index('plans_employer_division_type_idx').on(t.employerPK, t.divisionPK, t.planType, t.contractBeginDate),
    check('plans_plan_type_ck', sql`${t.planType} in ('Medical', 'Dental', 'FSA')`),
  ],
);

/** Coverage tiers ('Employee Only', 'Family', ...), separate lists for medical and dental. */
export const coverageOptions = pgTable(
  'coverage_options',
  {
    coverageOptionPK: pk('coverage_option_pk'),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    divisionPK: integer('division_pk')
      .notNull()
      .references(() => divisions.divisionPK, { onDelete: 'cascade' }),
    isMedical: boolean('is_medical').notNull(),
    name: text('name').notNull(),
    tierCode: text('tier_code').notNull(),
    /** True for tiers that make sense only with dependents (the hasDependents filter of CoverageOptions). */
    requiresDependents: boolean('requires_dependents').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('coverage_options_employer_division_idx').on(t.employerPK, t.divisionPK, t.isMedical)],
);

/**
 * What a plan costs per pay period for one tier in the plan's year: the employee's and the employer's
 * share, exact decimals (numeric read as text, never a float).
 */
export const planRates = pgTable(
  'plan_rates',
  {
    planPK: integer('plan_pk')
      .notNull()
      .references(() => plans.planPK, { onDelete: 'cascade' }),
    coverageOptionPK: integer('coverage_option_pk')
      .notNull()
      .references(() => coverageOptions.coverageOptionPK, { onDelete: 'cascade' }),
    employeeShare: numeric('employee_share', { precision: 10, scale: 2, mode: 'string' }).notNull(),
    employerShare: numeric('employer_share', { precision: 10, scale: 2, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'plan_rates_pk', columns: [t.planPK, t.coverageOptionPK] }),
    check('plan_rates_shares_ck', sql`${t.employeeShare} >= 0 and ${t.employerShare} >= 0`),
  ],
);

/**
 * A plan's Summary of Benefits and Coverage (a PDF the administrator uploads), one per plan: a new
 * upload replaces it. The bytes are AES-256-GCM under the carrier feed's key, the plan's pk as AAD.
 */
export const planDocuments = pgTable('plan_documents', {
  planPK: integer('plan_pk')
    .primaryKey()
    .references(() => plans.planPK, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  /** The PDF's size in bytes, before encryption. */
  size: integer('size').notNull(),
  uploadedAt: stamp('uploaded_at').notNull().defaultNow(),
  /** The uploader's `sub`. */
  uploadedBy: text('uploaded_by').notNull(),
  iv: bytea('iv').notNull(),
  tag: bytea('tag').notNull(),
  data: bytea('data').notNull(),
});

/** Every dropdown list in one table, keyed by kind; pks are the stable ids the UI sends back. */
export const lookupValues = pgTable(
  'lookup_values',
  {
    kind: text('kind').$type<LookupKind>().notNull(),
    pk: integer('pk').notNull(),
    name: text('name').notNull(),
    /** Short code where one exists (state abbreviation). */
    code: text('code'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Change-plan reasons offered when ChangePlanReasonList is called without needAll. */
    commonReason: boolean('common_reason').notNull().default(false),
  },
  (t) => [primaryKey({ name: 'lookup_values_pk', columns: [t.kind, t.pk] })],
);

// ---------------------------------------------------------------------------------------------------
// Members.

export const subscribers = pgTable(
  'subscribers',
  {
    subscriberPK: pk('subscriber_pk'),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    subscriberID: text('subscriber_id').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    /** Full SSN 'xxx-xx-xxxx'; only ssnLast4 leaves the server in lists. */
    ssn: text('ssn').notNull(),
    ssnLast4: text('ssn_last4').notNull(),
    dateOfBirth: day('date_of_birth').notNull(),
    genderPK: integer('gender_pk').notNull(),
    maritalStatusPK: integer('marital_status_pk').notNull().default(1),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    statePK: integer('state_pk').notNull(),
    zipCode: text('zip_code').notNull(),
    phone1: text('phone1').notNull(),
    phone2: text('phone2'),
    email: text('email').notNull(),
    occupation: text('occupation'),
    jobTitle: text('job_title'),
    payRate: money('pay_rate'),
    payRateFrequencyPK: integer('pay_rate_frequency_pk'),
    dateOfHire: day('date_of_hire'),
    effectiveDate: day('effective_date'),
    isCoveredByMedicare: boolean('is_covered_by_medicare').notNull().default(false),
    annualHSAContribution: money('annual_hsa_contribution'),
    divisionPK: integer('division_pk').references(() => divisions.divisionPK, { onDelete: 'set null' }),
    /** isTermed is derived: termDate is not null. */
    termDate: day('term_date'),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscribers_employer_subscriber_id_uq').on(t.employerPK, t.subscriberID),
    // One record per person per group: create answers hasError on a duplicate SSN.
    uniqueIndex('subscribers_employer_ssn_uq').on(t.employerPK, t.ssn),
    // One per sort column of the member list. The pk (the tie-breaker) and termDate (the active filter)
    // are in the key too, so a page - even one far into the list - is read from the index alone.
    index('subscribers_employer_last_name_idx').on(t.employerPK, t.lastName, t.subscriberPK, t.termDate),
    index('subscribers_employer_first_name_idx').on(t.employerPK, t.firstName, t.subscriberPK, t.termDate),
    // Also the SSN search: an equality (or a leading-digits range) on the last four.
    index('subscribers_employer_ssn_last4_idx').on(t.employerPK, t.ssnLast4, t.subscriberPK, t.termDate),
    index('subscribers_employer_date_of_hire_idx').on(t.employerPK, t.dateOfHire, t.subscriberPK, t.termDate),
    index('subscribers_employer_date_of_birth_idx').on(t.employerPK, t.dateOfBirth, t.subscriberPK, t.termDate),
    // An upload refuses an SSN that belongs to another group's member: looked up across groups.
    index('subscribers_ssn_idx').on(t.ssn),
    // Name searches of three letters or more are "contains" (ILIKE '%…%'), which only a trigram index serves.
    index('subscribers_last_name_trgm_idx').using('gin', t.lastName.op('gin_trgm_ops')),
    index('subscribers_first_name_trgm_idx').using('gin', t.firstName.op('gin_trgm_ops')),
    // Fragments too short for a trigram match the start of names (lower(name) LIKE 'ab%').
    index('subscribers_employer_last_name_prefix_idx').on(t.employerPK, sql`lower(${t.lastName}) text_pattern_ops`),
    index('subscribers_employer_first_name_prefix_idx').on(t.employerPK, sql`lower(${t.firstName}) text_pattern_ops`),
    // The dashboard's trend reads only members termed lately or starting later, never the whole group.
    index('subscribers_employer_term_effective_idx').on(t.employerPK, t.termDate, t.effectiveDate),
  ],
);

/**
 * Subscribers per group, all and active (termDate null), so the unfiltered member list never counts
 * the group. Kept exact by statement triggers on `subscribers` (migration 0007) in the transaction of
 * every insert, termination, reinstatement or delete, the seed's bulk inserts included.
 */
export const groupMemberCounts = pgTable('group_member_counts', {
  employerPK: integer('employer_pk')
    .primaryKey()
    .references(() => employers.employerPK, { onDelete: 'cascade' }),
  members: integer('members').notNull().default(0),
  activeMembers: integer('active_members').notNull().default(0),
  /** Dependents not termed, kept by statement triggers on `dependents` (migration 0009). */
  activeDependents: integer('active_dependents').notNull().default(0),
});

/** Which name of a member a `group_names` row holds. */
export type GroupNameKind = 'last' | 'first';

/**
 * Each group's distinct member names, as written: a "contains" name search matches these few (45,000
 * last names for a million members) through their trigram index, then reads the members bearing them
 * along the list's sort index, which stops at the search's cap. Kept by statement triggers on
 * `subscribers` (migration 0031) on every insert and update, bulk loads included. Never pruned: a name
 * no member bears any longer matches no member.
 */
export const groupNames = pgTable(
  'group_names',
  {
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    kind: text('kind').$type<GroupNameKind>().notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ name: 'group_names_pk', columns: [t.employerPK, t.kind, t.name] }),
    check('group_names_kind_ck', sql`${t.kind} in ('last', 'first')`),
    index('group_names_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const dependents = pgTable(
  'dependents',
  {
    dependentPK: pk('dependent_pk'),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    dependentID: text('dependent_id').notNull(),
    firstName: text('first_name').notNull(),
    middleInitial: text('middle_initial'),
    lastName: text('last_name').notNull(),
    // Optional: an existing subscriber's dependent may be added without it (spec 1 §5).
    ssn: text('ssn'),
    ssnLast4: text('ssn_last4'),
    dateOfBirth: day('date_of_birth').notNull(),
    genderPK: integer('gender_pk').notNull(),
    maritalStatusPK: integer('marital_status_pk').notNull().default(1),
    relationshipPK: integer('relationship_pk').notNull(),
    marriageDate: day('marriage_date'),
    phone1: text('phone1'),
    phone2: text('phone2'),
    email: text('email'),
    isEmployed: boolean('is_employed').notNull().default(false),
    /** When true the address columns repeat the subscriber's. */
    sameAddress: boolean('same_address').notNull().default(true),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    statePK: integer('state_pk'),
    zipCode: text('zip_code'),
    termDate: day('term_date'),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [index('dependents_subscriber_idx').on(t.subscriberPK)],
);

/**
 * One row per member per plan: the subscriber's row has dependentPK null and carries the tier;
 * each covered dependent gets its own row (same plan and tier) so census and inquiry can list it.
 */
export const coverages = pgTable(
  'coverages',
  {
    coveragePK: pk('coverage_pk'),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    dependentPK: integer('dependent_pk').references(() => dependents.dependentPK, { onDelete: 'cascade' }),
    planPK: integer('plan_pk')
      .notNull()
      .references(() => plans.planPK),
    coverageOptionPK: integer('coverage_option_pk').references(() => coverageOptions.coverageOptionPK),
    beginDate: day('begin_date').notNull(),
    endDate: day('end_date'),
  },
  (t) => [index('coverages_subscriber_idx').on(t.subscriberPK), index('coverages_dependent_idx').on(t.dependentPK)],
);

/**
 * Subscribers' own coverage rows per group, plan, tier and dates, kept by statement triggers on
 * `coverages` (migration 0009): the dashboard sums the rows in force today instead of reading every
 * member's coverage. Rows whose count fell to 0 stay and are skipped by readers.
 */
export const coverageCounts = pgTable(
  'coverage_counts',
  {
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    planPK: integer('plan_pk').notNull(),
    coverageOptionPK: integer('coverage_option_pk'),
    beginDate: day('begin_date').notNull(),
    endDate: day('end_date'),
    subscribers: integer('subscribers').notNull(),
  },
  (t) => [
    unique('coverage_counts_uq')
      .on(t.employerPK, t.planPK, t.coverageOptionPK, t.beginDate, t.endDate)
      .nullsNotDistinct(),
  ],
);

export const fsaElections = pgTable(
  'fsa_elections',
  {
    fsaElectionPK: pk('fsa_election_pk'),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    planPK: integer('plan_pk')
      .notNull()
      .references(() => plans.planPK),
    electionAmount: money('election_amount').notNull(),
    availableBalance: money('available_balance').notNull(),
    planYear: integer('plan_year').notNull(),
  },
  (t) => [index('fsa_elections_subscriber_idx').on(t.subscriberPK)],
);

/** An open enrollment window of a group: members elect the plan year starting `planYearBegin`. */
export const enrollmentWindows = pgTable(
  'enrollment_windows',
  {
    windowPK: pk('window_pk'),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    startsOn: day('starts_on').notNull(),
    endsOn: day('ends_on').notNull(),
    planYearBegin: day('plan_year_begin').notNull(),
    /** 'rollover' or 'waive': what closing does to members who never started. */
    unstartedChoice: text('unstarted_choice').notNull(),
    openedBy: text('opened_by').notNull(),
    /**
     * Closing runs in batches of subscribers, in key order: the last one done. Set once closing starts,
     * from then on no member may change an election.
     */
    closingCursor: integer('closing_cursor'),
    closedBy: text('closed_by'),
    /** What closing did (elected, rolled over, lapsed, flagged, requests), added up batch by batch. */
    closingSummary: jsonb('closing_summary').$type<Record<string, number>>(),
    closedAt: stamp('closed_at'),
    createdAt: createdAt(),
    /**
     * Members with election rows in the window, and of them those whose rows are all waives: what
     * HR's dashboard shows, kept in the transaction of every submission and closing batch (never
     * recounted on reading). Migration 0026 back-filled windows opened before.
     */
    submittedMembers: integer('submitted_members').notNull().default(0),
    waivedMembers: integer('waived_members').notNull().default(0),
    /** Members who opened their enrollment screen in the window (`enrollment_views`) with no rows yet. */
    inProgressMembers: integer('in_progress_members').notNull().default(0),
    /**
     * A new value whenever a plan, rate or tier is written while the window is open (statement
     * triggers of migration 0026): a per-process cache of the window's offer is keyed by it.
     */
    offerStamp: uuid('offer_stamp').notNull().defaultRandom(),
  },
  (t) => [
    // One window at a time per group.
    uniqueIndex('enrollment_windows_open_uq')
      .on(t.employerPK)
      .where(sql`${t.closedAt} is null`),
    check('enrollment_windows_dates_ck', sql`${t.endsOn} >= ${t.startsOn} and ${t.planYearBegin} > ${t.endsOn}`),
    check('enrollment_windows_unstarted_ck', sql`${t.unstartedChoice} in ('rollover', 'waive')`),
  ],
);

/** A member's election for one coverage type in a window; the latest submission replaces the rows. */
export const elections = pgTable(
  'elections',
  {
    windowPK: integer('window_pk')
      .notNull()
      .references(() => enrollmentWindows.windowPK, { onDelete: 'cascade' }),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    planType: text('plan_type').$type<PlanType>().notNull(),
    action: text('action').notNull(),
    planPK: integer('plan_pk').references(() => plans.planPK),
    coverageOptionPK: integer('coverage_option_pk').references(() => coverageOptions.coverageOptionPK),
    waiveReason: text('waive_reason'),
    submittedAt: stamp('submitted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'elections_pk', columns: [t.windowPK, t.subscriberPK, t.planType] }),
    // 'rollover' and 'lapse' are written at close for members who never submitted.
    check('elections_action_ck', sql`${t.action} in ('keep', 'change', 'waive', 'rollover', 'lapse')`),
  ],
);

/** Dependents a member adds in a window (a newborn, a new spouse): replaced with every submission. */
export const electionDependents = pgTable(
  'election_dependents',
  {
    windowPK: integer('window_pk')
      .notNull()
      .references(() => enrollmentWindows.windowPK, { onDelete: 'cascade' }),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    /** Name, birth date, relationship and gender of each, as the member typed them (no SSN). */
    people: jsonb('people').$type<Record<string, unknown>[]>().notNull(),
    /** Current dependents the member removes from next year's coverage. */
    removedDependentPKs: integer('removed_dependent_pks')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [primaryKey({ name: 'election_dependents_pk', columns: [t.windowPK, t.subscriberPK] })],
);

/** FSA plans and annual amounts a member elects in a window: replaced with every submission, never rolled over. */
export const electionFsa = pgTable(
  'election_fsa',
  {
    windowPK: integer('window_pk')
      .notNull()
      .references(() => enrollmentWindows.windowPK, { onDelete: 'cascade' }),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    planPK: integer('plan_pk')
      .notNull()
      .references(() => plans.planPK),
    /** As the member typed it ('1,250.00'), checked by the wizard's FSA amount rule. */
    amount: text('amount').notNull(),
  },
  (t) => [primaryKey({ name: 'election_fsa_pk', columns: [t.windowPK, t.subscriberPK, t.planPK] })],
);

/**
 * The first time a member opened their enrollment screen in a window: written once (on conflict do
 * nothing), so HR sees them in progress until they submit.
 */
export const enrollmentViews = pgTable(
  'enrollment_views',
  {
    windowPK: integer('window_pk')
      .notNull()
      .references(() => enrollmentWindows.windowPK, { onDelete: 'cascade' }),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    viewedAt: stamp('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'enrollment_views_pk', columns: [t.windowPK, t.subscriberPK] })],
);

/** The last day a member was reminded in a window: at most one reminder per member per day. */
export const enrollmentReminders = pgTable(
  'enrollment_reminders',
  {
    windowPK: integer('window_pk')
      .notNull()
      .references(() => enrollmentWindows.windowPK, { onDelete: 'cascade' }),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    sentOn: day('sent_on').notNull(),
  },
  (t) => [primaryKey({ name: 'enrollment_reminders_pk', columns: [t.windowPK, t.subscriberPK] })],
);

/** What a member submitted, as the confirmation statement shows it: one row per submission. */
export const electionStatements = pgTable(
  'election_statements',
  {
    statementPK: pk('statement_pk'),
    windowPK: integer('window_pk')
      .notNull()
      .references(() => enrollmentWindows.windowPK, { onDelete: 'cascade' }),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    /** The elections with plan names, tiers and costs as they stood when submitted. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('election_statements_subscriber_idx').on(t.subscriberPK, t.statementPK)],
);

// ---------------------------------------------------------------------------------------------------
// Requests (enrollment submissions) and terminations.

export const requests = pgTable(
  'requests',
  {
    requestPK: pk('request_pk'),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    subscriberPK: integer('subscriber_pk').references(() => subscribers.subscriberPK, { onDelete: 'set null' }),
    dependentPK: integer('dependent_pk').references(() => dependents.dependentPK, { onDelete: 'set null' }),
    type: text('type').$type<RequestType>().notNull(),
    /** The open enrollment window whose close made this request. */
    windowPK: integer('window_pk').references(() => enrollmentWindows.windowPK, { onDelete: 'set null' }),
    status: text('status').$type<RequestStatus>().notNull(),
    saveStep: integer('save_step').notNull().default(1),
    /** Optimistic lock of the wizard's draft: every save checks it and adds 1 (a stale one answers 409). */
    version: integer('version').notNull().default(1),
    changeReasonPK: integer('change_reason_pk'),
    /** The wizard's working payload as last saved (SSNs stripped; the full one lives in `ssn`). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    subscriberFirstName: text('subscriber_first_name').notNull(),
    subscriberLastName: text('subscriber_last_name').notNull(),
    /** Full SSN of a new enrollment; kept server-side only. */
    ssn: text('ssn'),
    /**
     * Full SSNs of the payload's dependents, by position (null where none was typed). A column of its
     * own so that no path reading `payload` can hand them to the browser.
     */
    dependentSsns: jsonb('dependent_ssns').$type<(string | null)[]>().notNull().default([]),
    /** `sub` of the user who created it. */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('requests_employer_created_idx').on(t.employerPK, t.createdAt),
    index('requests_employer_status_idx').on(t.employerPK, t.status),
    index('requests_subscriber_idx').on(t.subscriberPK),
    index('requests_window_status_idx')
      .on(t.windowPK, t.status)
      .where(sql`${t.windowPK} is not null`),
    // The processing queue: the worker's claim and the queue-depth metric read only these rows.
    index('requests_processing_queue_idx')
      .on(t.requestPK)
      .where(sql`${t.status} = 'HRApproved'`),
  ],
);

/**
 * The qualifying events a member may report during the year, as data: each kind's window in days, when
 * its changes take effect, and the changes it allows (HIPAA special enrollment, Section 125 status changes).
 */
export const lifeEventKinds = pgTable('life_event_kinds', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  windowDays: integer('window_days').notNull(),
  effectiveRule: text('effective_rule').$type<EffectiveRule>().notNull(),
  addRelationshipPKs: integer('add_relationship_pks').array().notNull(),
  removeRelationshipPKs: integer('remove_relationship_pks').array().notNull(),
  allowsPlanChange: boolean('allows_plan_change').notNull(),
  requiresNewChild: boolean('requires_new_child').notNull(),
  /** The change-plan reason the event's request carries. */
  changeReasonPK: integer('change_reason_pk').notNull(),
  sort: integer('sort').notNull(),
});

/** A member's report of a qualifying event; its changes travel as one `LifeEvent` request. */
export const lifeEvents = pgTable(
  'life_events',
  {
    lifeEventPK: pk('life_event_pk'),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    kindCode: text('kind_code')
      .notNull()
      .references(() => lifeEventKinds.code),
    eventDate: day('event_date').notNull(),
    reportedOn: day('reported_on').notNull(),
    effectiveDate: day('effective_date').notNull(),
    proofToFollow: boolean('proof_to_follow').notNull(),
    proofDueDate: day('proof_due_date'),
    requestPK: integer('request_pk')
      .notNull()
      .references(() => requests.requestPK, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('life_events_subscriber_idx').on(t.subscriberPK),
    uniqueIndex('life_events_request_idx').on(t.requestPK),
  ],
);

/** The proof of a life event (a certificate, a letter), encrypted at rest like carrier files. */
export const lifeEventProofs = pgTable('life_event_proofs', {
  lifeEventPK: integer('life_event_pk')
    .primaryKey()
    .references(() => lifeEvents.lifeEventPK, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  iv: bytea('iv').notNull(),
  tag: bytea('tag').notNull(),
  data: bytea('data').notNull(),
  uploadedAt: createdAt(),
});

export const requestStatusHistory = pgTable(
  'request_status_history',
  {
    requestStatusHistoryPK: pk('request_status_history_pk'),
    requestPK: integer('request_pk')
      .notNull()
      .references(() => requests.requestPK, { onDelete: 'cascade' }),
    status: text('status').$type<RequestStatus>().notNull(),
    changedBy: text('changed_by').notNull(),
    changedAt: stamp('changed_at').notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [index('request_status_history_request_idx').on(t.requestPK, t.changedAt)],
);

export const terminations = pgTable(
  'terminations',
  {
    terminationPK: pk('termination_pk'),
    requestPK: integer('request_pk').references(() => requests.requestPK, { onDelete: 'set null' }),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    dependentPK: integer('dependent_pk').references(() => dependents.dependentPK, { onDelete: 'cascade' }),
    eventDate: day('event_date').notNull(),
    terminationDate: day('termination_date').notNull(),
    /** A terminatePlanReason pk, or 99 for 'other reason' (added by the UI, not stored in lookups). */
    reasonPK: integer('reason_pk'),
    comment: text('comment'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('terminations_subscriber_idx').on(t.subscriberPK)],
);

// ---------------------------------------------------------------------------------------------------
// ID cards, claims, documents, audit.

export const idCards = pgTable(
  'id_cards',
  {
    idCardPK: pk('id_card_pk'),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    dependentPK: integer('dependent_pk').references(() => dependents.dependentPK, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').notNull(),
    createdAt: createdAt(),
    cardNumber: text('card_number').notNull(),
  },
  (t) => [index('id_cards_subscriber_created_idx').on(t.subscriberPK, t.createdAt)],
);

export const claims = pgTable(
  'claims',
  {
    claimID: pk('claim_id'),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    subscriberPK: integer('subscriber_pk')
      .notNull()
      .references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    /** The dependent treated, or null when the patient is the subscriber. */
    patientPK: integer('patient_pk').references(() => dependents.dependentPK, { onDelete: 'cascade' }),
    patientFirstName: text('patient_first_name').notNull(),
    patientLastName: text('patient_last_name').notNull(),
    providerName: text('provider_name').notNull(),
    claimNumber: text('claim_number').notNull(),
    claimType: text('claim_type').$type<ClaimType>().notNull(),
    serviceDate: day('service_date').notNull(),
    billedAmount: money('billed_amount').notNull(),
    allowedAmount: money('allowed_amount').notNull(),
    planPayment: money('plan_payment').notNull(),
    patientOwesAmount: money('patient_owes_amount').notNull(),
    /** Null while the claim is in process ('In-Process' in the UI). */
    paymentDate: day('payment_date'),
  },
  (t) => [
    uniqueIndex('claims_claim_number_uq').on(t.claimNumber),
    index('claims_employer_service_date_idx').on(t.employerPK, t.serviceDate),
    // A member's own claims (My Benefits), newest first, without reading the whole group's.
    index('claims_subscriber_service_date_idx').on(t.subscriberPK, t.serviceDate),
    index('claims_employer_patient_last_name_idx').on(t.employerPK, t.patientLastName),
    index('claims_patient_last_name_trgm_idx').using('gin', t.patientLastName.op('gin_trgm_ops')),
    index('claims_patient_first_name_trgm_idx').using('gin', t.patientFirstName.op('gin_trgm_ops')),
    check('claims_claim_type_ck', sql`${t.claimType} in ('Medical', 'Dental', 'Pharmacy', 'Vision')`),
  ],
);

/**
 * Claims per group, month of service and month of payment (null while in process), kept by statement
 * triggers on `claims` (migration 0009) for the dashboard's claims panel.
 */
export const claimMonthTotals = pgTable(
  'claim_month_totals',
  {
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    serviceMonth: day('service_month').notNull(),
    paymentMonth: day('payment_month'),
    claims: integer('claims').notNull(),
    billedAmount: money('billed_amount').notNull(),
    planPayment: money('plan_payment').notNull(),
  },
  (t) => [unique('claim_month_totals_uq').on(t.employerPK, t.serviceMonth, t.paymentMonth).nullsNotDistinct()],
);

/** Funding reports, admin invoices and monthly (spec agg) reports, stored as PDF bytes. */
export const documents = pgTable(
  'documents',
  {
    documentPK: pk('document_pk'),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    kind: text('kind').$type<DocumentKind>().notNull(),
    documentName: text('document_name').notNull(),
    createDate: day('create_date').notNull(),
    content: bytea('content').notNull(),
    mimeType: text('mime_type').notNull().default('application/pdf'),
  },
  (t) => [
    // Downloads address a document by its file name within the group.
    uniqueIndex('documents_employer_kind_name_uq').on(t.employerPK, t.kind, t.documentName),
    index('documents_employer_kind_create_date_idx').on(t.employerPK, t.kind, t.createDate),
    check('documents_kind_ck', sql`${t.kind} in ('funding', 'invoice', 'monthly')`),
  ],
);

/**
 * Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE, migration 0004). Besides sign-ins, page
 * views and census outcomes, it holds one access row per call of member data or refused call: those
 * have `endpoint` set (action 'access.read', 'access.change' or 'access.refused') and never a value.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    // Partitioned by month on `at` (migration 0030), so the key must hold `at` too.
    // 64-bit: one row per audited call outlives a 32-bit key within days at thousands of calls a second.
    auditEventPK: bigint('audit_event_pk', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    at: stamp('at').notNull().defaultNow(),
    /** The token's `sub` (an email only for sign-in failures, where there is no sub). */
    actor: text('actor').notNull(),
    actorEmail: text('actor_email'),
    employerPK: integer('employer_pk'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** Name of the call in the endpoint table. */
    endpoint: text('endpoint'),
    status: integer('status'),
    ip: text('ip'),
    /** Records touched, as `<kind>:<pk>` (`subscriber:12`, `dependent:40`, `request:7`, `claim:3`). */
    records: text('records').array(),
  },
  (t) => [
    primaryKey({ name: 'audit_events_pk', columns: [t.auditEventPK, t.at] }),
    index('audit_events_employer_at_idx').on(t.employerPK, t.at),
    // "Who looked at this member": records && array['subscriber:12', ...].
    index('audit_events_records_idx').using('gin', t.records),
    // "What did this user see".
    index('audit_events_actor_at_idx').on(t.actor, t.at),
  ],
);

// ---------------------------------------------------------------------------------------------------
// The development identity provider's state, so sign-ins survive restarts and are shared by replicas.

/** oidc-provider models (sessions, grants, codes, refresh tokens, interactions…), one row each. */
export const oidcModels = pgTable(
  'oidc_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    /** Null: kept until destroyed. */
    expiresAt: stamp('expires_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_user_code_idx').on(t.userCode),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/** The provider's signing and cookie keys: created once by whichever replica starts first. */
export const idpSecrets = pgTable('idp_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

/** Failed sign-ins per account and per client address, kept where every replica counts them. */
export const signInThrottles = pgTable('sign_in_throttles', {
  /** `account:<email>` or `ip:<address>`. */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  /** Start of the current counting window. */
  windowStartedAt: stamp('window_started_at').notNull(),
  /** How many times this key has been locked since its last success; each lock lasts twice as long. */
  lockouts: integer('lockouts').notNull().default(0),
  lockedUntil: stamp('locked_until'),
});

/**
 * API calls without a valid token per client address and fixed window, counted where every replica
 * sees them (server/routes/anonymous-call-limit.ts). A closed window is deleted, leaving one
 * `access.throttled` audit row when calls were answered 429, so the table holds the last few windows.
 */
export const anonymousCallWindows = pgTable(
  'anonymous_call_windows',
  {
    /** The client address; an IPv6 address as its /64, which one client usually holds whole. */
    address: text('address').notNull(),
    windowStart: stamp('window_start').notNull(),
    calls: integer('calls').notNull(),
    /** Of them, those answered 429: the count the closed window's audit row keeps. */
    throttled: integer('throttled').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.address, t.windowStart] })],
);

// ---------------------------------------------------------------------------------------------------
// The carrier feed: X12 834 enrollment files sent to the payer (see services/carrier-feed/carrier-files.ts).

/**
 * The group's open batch is its entries without a file: the processing worker adds each request it
 * pushes, in the same transaction; closing the batch turns the entries into one change file.
 */
/**
 * Keys of writes made safe to retry (the Idempotency-Key header), per caller: claimed in the write's
 * own transaction and holding its answer, kept 24 hours (server/routes/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The caller's `sub`: one user's key never answers another's call. */
    actor: text('actor').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the call's name, query and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status').notNull(),
    /** The answer's body (a problem body for a refusal), replayed as it was. */
    answer: jsonb('answer'),
    /** The answer's headers a client reads (a draft's ETag), replayed with it. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.actor, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);

export const carrierBatchEntries = pgTable(
  'carrier_batch_entries',
  {
    requestPK: integer('request_pk')
      .primaryKey()
      .references(() => requests.requestPK, { onDelete: 'cascade' }),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    carrierFilePK: integer('carrier_file_pk').references(() => carrierFiles.carrierFilePK, { onDelete: 'set null' }),
    addedAt: createdAt(),
  },
  (t) => [
    index('carrier_batch_entries_open_idx')
      .on(t.employerPK, t.requestPK)
      .where(sql`${t.carrierFilePK} is null`),
    index('carrier_batch_entries_file_idx').on(t.carrierFilePK),
  ],
);

/**
 * The last interchange control number given to a group's file. One row per group, incremented in
 * the transaction that creates the file: the row lock makes concurrent closers on any replica wait
 * their turn, so a number is never given twice (and a rolled-back file gives its number back).
 */
export const carrierControlNumbers = pgTable('carrier_control_numbers', {
  employerPK: integer('employer_pk')
    .primaryKey()
    .references(() => employers.employerPK, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});

export const carrierFiles = pgTable(
  'carrier_files',
  {
    carrierFilePK: pk('carrier_file_pk'),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    /** `change` (the batch of pushed requests) or `full` (the group's whole current enrollment). */
    kind: text('kind').$type<'change' | 'full'>().notNull(),
    controlNumber: integer('control_number').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status')
      .$type<'Generating' | 'Invalid' | 'Generated' | 'Delivered' | 'Accepted' | 'Rejected'>()
      .notNull(),
    members: integer('members').notNull().default(0),
    segments: integer('segments').notNull().default(0),
    bytes: integer('bytes').notNull().default(0),
    /** Why the file was not delivered, or the segment errors of a rejecting 999; never a member's value. */
    problems: jsonb('problems').$type<string[]>().notNull().default([]),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    deliveredAt: stamp('delivered_at'),
    acknowledgedAt: stamp('acknowledged_at'),
  },
  (t) => [
    uniqueIndex('carrier_files_employer_control_uq').on(t.employerPK, t.controlNumber),
    index('carrier_files_employer_created_idx').on(t.employerPK, t.carrierFilePK),
    check('carrier_files_kind_ck', sql`${t.kind} in ('change', 'full')`),
  ],
);

/**
 * A file's bytes, encrypted at rest (AES-256-GCM per chunk, services/carrier-feed/carrier-file-store.ts): the
 * file holds full SSNs. Chunks let a 100,000-member full file be written and read as a stream.
 */
export const carrierFileChunks = pgTable(
  'carrier_file_chunks',
  {
    carrierFilePK: integer('carrier_file_pk')
      .notNull()
      .references(() => carrierFiles.carrierFilePK, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    iv: bytea('iv').notNull(),
    tag: bytea('tag').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ name: 'carrier_file_chunks_pk', columns: [t.carrierFilePK, t.seq] })],
);

// ---------------------------------------------------------------------------------------------------
// Users and their access. Tokens carry only the user (`sub` = user_id); roles are read from here on
// every call, through a per-process cache that access_version invalidates across replicas.

export const users = pgTable(
  'users',
  {
    /** The `sub` of the user's tokens: opaque, never an e-mail. */
    userId: text('user_id').primaryKey(),
    /** Lower-case; the sign-in name. */
    email: text('email').notNull(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    status: text('status').$type<UserStatus>().notNull().default('invited'),
    /** scrypt, self-describing (services/identity/password-hash.ts); null until an invitation is accepted. */
    passwordHash: text('password_hash'),
    /** The TOTP secret, sealed with SECRETS_KEY; null without TOTP. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code of it or an earlier step is a replay. */
    totpLastStep: integer('totp_last_step'),
    /** The operator role: every group. */
    portalAdministrator: boolean('portal_administrator').notNull().default(false),
    /** The `sub` at an external identity provider (OIDC_AUTHORITY), once matched. */
    externalSubject: text('external_subject'),
    lastSignInAt: stamp('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_external_subject_uq').on(t.externalSubject),
    check('users_status_ck', sql`${t.status} in ('invited', 'active', 'deactivated')`),
  ],
);

/** One role of one user in one employer group. */
export const userGrants = pgTable(
  'user_grants',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK),
    role: text('role').$type<Role>().notNull(),
    /** The Member role's own record: a Member reads and changes this subscriber's records only. */
    subscriberPK: integer('subscriber_pk').references(() => subscribers.subscriberPK, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.employerPK, t.role] }),
    index('user_grants_employer_idx').on(t.employerPK, t.userId),
    // One account per employee record.
    uniqueIndex('user_grants_subscriber_uq').on(t.subscriberPK),
    check('user_grants_member_ck', sql`(${t.role} = 'Member') = (${t.subscriberPK} is not null)`),
  ],
);

/**
 * One row whose number grows with every change of a user or a grant: each replica compares it with the
 * one its cache was filled at, at most every few seconds, and forgets its cache when it moved.
 */
export const accessVersion = pgTable(
  'access_version',
  {
    id: integer('id').primaryKey().default(1),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('access_version_single_ck', sql`${t.id} = 1`)],
);

/** Invitation and password-reset links: only the hash of the link's token is kept. */
export const userLinks = pgTable(
  'user_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    kind: text('kind').$type<'invitation' | 'reset'>().notNull(),
    expiresAt: stamp('expires_at').notNull(),
    usedAt: stamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_links_user_idx').on(t.userId, t.kind),
    check('user_links_kind_ck', sql`${t.kind} in ('invitation', 'reset')`),
  ],
);

/** Recovery codes, hashed; each works once. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: stamp('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * The user's passkeys (WebAuthn credentials), a phishing-resistant second factor: the public key only;
 * the private key never leaves the authenticator.
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    /** The credential ID the authenticator chose, base64url. */
    credentialId: text('credential_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** The COSE public key. */
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter (0 for authenticators without one); up to 2^32 - 1. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator (usb, nfc, ble, internal, hybrid…). */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: stamp('last_used_at'),
  },
  (t) => [index('user_passkeys_user_idx').on(t.userId)],
);

/**
 * An upload of enrollment rows (Upload Enrollments): the file's source facts, its column and value
 * mapping, the preview's counts and where its commit stands. Rows live in `import_rows`.
 */
export const imports = pgTable(
  'imports',
  {
    importPK: pk('import_pk'),
    employerPK: integer('employer_pk')
      .notNull()
      .references(() => employers.employerPK, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the bytes, so the same file uploaded again is recognised in the audit trail. */
    fileSha256: text('file_sha256').notNull(),
    format: text('format').$type<ImportSource>().notNull(),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    status: text('status').$type<ImportStatus>().notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    valueMappings: jsonb('value_mappings').$type<ImportValueMappings>().notNull(),
    counts: jsonb('counts').$type<ImportCounts>().notNull(),
    /** List values of the file nothing matched (the preview asks what they mean). */
    unmapped: jsonb('unmapped').$type<ImportUnmapped[]>().notNull().default([]),
    /** Families the running commit set out to commit. */
    toCommit: integer('to_commit').notNull().default(0),
    commitMode: text('commit_mode').$type<'valid' | 'all'>(),
    confirmIdentity: boolean('confirm_identity').notNull().default(false),
    /** The dates and reason a commit ends the coverage of a roster's leavers with; null: they stay. */
    termination: jsonb('termination').$type<TerminationChoice>(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [index('imports_employer_created_idx').on(t.employerPK, t.createdAt)],
);

/**
 * One row of an upload as read (cells by file column), the typed fixes, and what the check made of it.
 * `kind` is its family's (an employee and the dependents after it). Holds full SSNs: never sent out.
 */
export const importRows = pgTable(
  'import_rows',
  {
    importPK: integer('import_pk')
      .notNull()
      .references(() => imports.importPK, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    sheet: text('sheet').notNull(),
    familyRow: integer('family_row').notNull(),
    isEmployee: boolean('is_employee').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    /** Cells typed in the preview, by field; they win over the file's. */
    fixes: jsonb('fixes').$type<Partial<Record<ImportField, string>>>().notNull().default({}),
    /** The row's SSN as checked (normalised), to find duplicates within the upload. */
    ssn: text('ssn'),
    kind: text('kind').$type<ImportRowKind>().notNull(),
    hasError: boolean('has_error').notNull(),
    errors: jsonb('errors').$type<ImportRowError[]>().notNull().default([]),
    changes: jsonb('changes').$type<ImportRowChange[]>().notNull().default([]),
    /** The member an update row matched by SSN. */
    subscriberPK: integer('subscriber_pk'),
    requestPK: integer('request_pk'),
    committed: boolean('committed').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'import_rows_pk', columns: [t.importPK, t.rowNumber] }),
    index('import_rows_kind_idx').on(t.importPK, t.kind, t.rowNumber),
    index('import_rows_ssn_idx').on(t.importPK, t.ssn),
    index('import_rows_errors_idx')
      .on(t.importPK, t.rowNumber)
      .where(sql`${t.hasError}`),
    // The commit's next batch: employee rows not yet committed.
    index('import_rows_pending_idx')
      .on(t.importPK, t.rowNumber)
      .where(sql`${t.isEmployee} and not ${t.committed}`),
  ],
);

/** A group's last column and value mapping, offered for its next file (by header text, not position). */
export const importMappings = pgTable('import_mappings', {
  employerPK: integer('employer_pk')
    .primaryKey()
    .references(() => employers.employerPK, { onDelete: 'cascade' }),
  /** Field → header text of the column it was read from. */
  columns: jsonb('columns').$type<Partial<Record<ImportField, string>>>().notNull(),
  valueMappings: jsonb('value_mappings').$type<ImportValueMappings>().notNull(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});
