import { z } from 'zod';
import { id, isoDate, knownCount, pageNumber, pagedList, pk, sortColumn, ssnLast4, text } from './common';
import {
  LIMITS,
  MESSAGES,
  address1,
  address2,
  birthDate,
  city,
  email,
  middleInitial,
  personName,
  requiredNumber,
  requiredPhone,
  optionalPhone,
  ssn,
  zipCode,
} from './person-rules';

export const REQUEST_TYPES = [
  'NewEnrollment',
  'Subscriber',
  'Dependent',
  'ChangeCoverage',
  'Terminate',
  'TerminateDependent',
  'OpenEnrollment',
  'LifeEvent',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

const money = z.number();

export const address = z.object({
  address1: z.string(),
  address2: z.string().nullable(),
  zipCode: z.string(),
  city: z.string(),
  statePK: z.number().int().nullable(),
  state: z.string().nullable(),
});

export const employmentDetails = z.object({
  occupation: z.string().nullable(),
  jobTitle: z.string().nullable(),
  payRate: money.nullable(),
  payRateFrequency: z.number().int().nullable(),
  dateOfHire: isoDate.nullable(),
  effectiveDate: isoDate.nullable(),
  isCoveredByMedicare: z.boolean(),
  annualHSAContribution: money.nullable(),
});

/**
 * Subscriber as read from the server (spec 1 §3 "Subscriber details"); also the subscriber list item
 * of spec 2 §3. The full SSN is never sent: only `ssnLast4`.
 */
const subscriberSummary = z.object({
  subscriberPK: z.number().int(),
  dependentPK: z.number().int().nullable(),
  subscriberID: z.string(),
  genderPK: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  middleInitial: z.string().nullable(),
  ssnLast4,
  dateOfBirth: isoDate,
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  alternatePhoneNumber: z.string().nullable(),
  relationPK: z.number().int().nullable(),
  maritalStatusPK: z.number().int().nullable(),
  isTermed: z.boolean(),
  hasPendingRequest: z.boolean(),
  pendingRequestTypes: z.array(z.enum(REQUEST_TYPES)),
  address,
  employmentDetails,
  /** Copy of employmentDetails.dateOfHire for the table column (spec 2 §3). */
  dateOfHire: isoDate.nullable(),
});
export type SubscriberSummary = z.infer<typeof subscriberSummary>;

export const SUBSCRIBER_SORT_FIELDS = [
  'lastName',
  'firstName',
  'ssnLast4',
  'dateOfBirth',
  'employmentDetails.dateOfHire',
] as const;

export const SUBSCRIBER_PAGE_SIZE = 20;
export const SUBSCRIBER_PAGE_LINKS = 4;
/**
 * A search (name or SSN) lists and counts at most this many members, so a broad one costs what a
 * narrow one does on any size of group; past it the count reads "1,000+" and the user narrows it.
 */
export const MEMBER_SEARCH_CAP = 1000;
/** A name fragment shorter than this matches the start of names; from it on, anywhere in them. */
export const NAME_CONTAINS_FROM = 3;

export const subscriberListQuery = z.object({
  employerPK: id,
  recordsPerPage: z.number().int().min(1).max(100).default(SUBSCRIBER_PAGE_SIZE),
  /** Zero-based on the wire; one-based in the UI. */
  page: pageNumber.default(0),
  sortColumn: sortColumn(SUBSCRIBER_SORT_FIELDS).optional(),
  firstName: text(LIMITS.name).optional(),
  lastName: text(LIMITS.name).optional(),
  /** Last four digits of the SSN, or their first digits. */
  ssn: z
    .string()
    .max(LIMITS.ssnFilter, 'SSN search uses at most the last 4 digits.')
    .regex(/^\d{0,4}$/, 'SSN search uses at most the last 4 digits.')
    .optional(),
  includeTermedMembers: z.boolean().default(false),
  /** The total of this search from its first page; MEMBER_SEARCH_CAP + 1 stands for "more than the cap". */
  knownCount,
});
export type SubscriberListQuery = z.input<typeof subscriberListQuery>;

export const subscriberList = pagedList(subscriberSummary).extend({
  /** A search matched more than MEMBER_SEARCH_CAP members: recordCount is the cap, and only that many are listed. */
  countCapped: z.boolean().optional(),
});
export type SubscriberList = z.infer<typeof subscriberList>;

export const subscriberDetailsQuery = z.object({ pk });

/** The person part of a subscriber detail, in form-model names (spec 2 §3). */
const subscriberPerson = z.object({
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  dateOfBirth: isoDate,
  genderID: z.number().int().nullable(),
  maritalStatusPK: z.number().int().nullable(),
  maritalStatusID: z.number().int().nullable(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  stateID: z.number().int().nullable(),
  zipCode: z.string(),
  phone1: z.string().nullable(),
  phone2: z.string().nullable(),
  emailAddress: z.string().nullable(),
  email: z.string().nullable(),
});

/** Current plan information of a member (spec 2 §3 "Plan data"). */
export const planData = z.object({
  planName: z.string().nullable(),
  planDescription: z.string().nullable(),
  coverage: z.string().nullable(),
  dentalPlanName: z.string().nullable(),
  dentalPlanDescription: z.string().nullable(),
  dentalCoverage: z.string().nullable(),
  coverageBeginDate: isoDate.nullable(),
  coverageEndDate: isoDate.nullable(),
  dentalCoverageBeginDate: isoDate.nullable(),
  dentalCoverageEndDate: isoDate.nullable(),
  divisionID: z.string().nullable(),
  divisionDescription: z.string().nullable(),
  dependentPK: z.number().int().nullable(),
});
export type PlanData = z.infer<typeof planData>;

const fsaElection = z.object({ pk: z.number().int(), amount: z.string() });

/** Subscriber detail (spec 2 §3): what `SubscriberDetails` answers. */
export const subscriberDetail = z.object({
  subscriberPK: z.number().int(),
  dependentPK: z.number().int().nullable(),
  subscriberID: z.string(),
  employerPK: z.number().int(),
  hasPendingRequest: z.boolean(),
  pendingRequestTypes: z.array(z.enum(REQUEST_TYPES)),
  saveStep: z.number().int().nullable(),
  isTermed: z.boolean(),
  /** The day the member's coverage ended, once termed. */
  termDate: isoDate.nullable(),
  subscriber: subscriberPerson,
  ssnLast4,
  occupation: z.string().nullable(),
  jobTitle: z.string().nullable(),
  payRate: money.nullable(),
  payRateFrequencyID: z.number().int().nullable(),
  dateOfHire: isoDate.nullable(),
  effectiveDate: isoDate.nullable(),
  isCoveredByMedicare: z.boolean(),
  annualHSAContribution: money.nullable(),
  employerDivisions: z.number().int().nullable(),
  employerPlanPK: z.number().int().nullable(),
  employerDentalPlanPK: z.number().int().nullable(),
  coverageOptionPK: z.number().int().nullable(),
  medicalTierPK: z.number().int().nullable(),
  dentalTierPK: z.number().int().nullable(),
  tierPK: z.number().int().nullable(),
  isMedicalCoverage: z.boolean(),
  isDentalCoverage: z.boolean(),
  isMedical: z.boolean(),
  hasDependents: z.boolean(),
  changeReasonPK: z.number().int().nullable(),
  relation: z.string(),
  viewIDCard: z.boolean(),
  fsaData: z.array(fsaElection),
  planData,
});
export type SubscriberDetail = z.infer<typeof subscriberDetail>;

// ---- Forms (spec 1 §5) ----

const subscriberFormBase = z.object({
  firstName: personName(MESSAGES.firstNameRequired),
  lastName: personName(MESSAGES.lastNameRequired),
  middleName: middleInitial,
  dateOfBirth: birthDate(),
  maritalStatusPK: id.default(1),
  genderID: requiredNumber(MESSAGES.genderRequired),
  address1,
  address2,
  zipCode,
  stateID: requiredNumber(MESSAGES.stateRequired),
  phone1: requiredPhone,
  phone2: optionalPhone,
  emailAddress: email,
});

/** New subscriber: the full SSN is required. */
export const newSubscriberForm = subscriberFormBase.extend({ ssn, city: city() });

/** New enrollment whose SSN is already saved with its request: retyping it is optional. */
export const storedSsnSubscriberForm = newSubscriberForm.extend({
  ssn: ssn.optional().or(z.literal('')),
  ssnLast4,
});

/** Existing subscriber: ssn optional (same rule when typed), ssnLast4 required, city up to 30. */
export const existingSubscriberForm = subscriberFormBase.extend({
  ssn: ssn.optional().or(z.literal('')),
  ssnLast4,
  city: city(LIMITS.cityExisting),
});
export type ExistingSubscriberForm = z.input<typeof existingSubscriberForm>;

export const changeReasonDetails = z.object({
  changeReasonPK: id.optional(),
  comment: text(500).optional(),
});

export const updateSubscriberQuery = z.object({ subscriberPK: pk });
export const updateSubscriberBody = z.object({
  subscriber: existingSubscriberForm,
  changeReasonDetails: changeReasonDetails.optional(),
  employerPK: id,
});

export const subscriberIdQuery = z.object({ subscriberPK: pk });
