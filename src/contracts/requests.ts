import { z } from 'zod';
import { flag, isoDate, pagedList, pk } from './common';
import { fsaAmount } from './plans';
import { REQUEST_TYPES } from './subscribers';

export const REQUEST_STATUSES = [
  'HEZRejected',
  'HEZApproved',
  'HRRejected',
  'HRApproved',
  'Cancelled',
  'Incomplete',
  'Submitted',
  'PushedToRemote',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The simpler filter of spec 1 §4 and the statuses each covers. */
export const REQUEST_STATUS_GROUPS = {
  InProgress: ['Incomplete', 'Submitted', 'HRApproved', 'HEZApproved'],
  Processed: ['PushedToRemote'],
  Failed: ['HEZRejected', 'HRRejected', 'Cancelled'],
} as const satisfies Record<string, readonly RequestStatus[]>;

export const REQUEST_PAGE_SIZE = 20;
export const REQUEST_PAGE_LINKS = 5;

/** Wizard save steps (spec 1 §9). */
export const SAVE_STEPS = [1, 2, 3, 4] as const;

export const requestItem = z.object({
  pk: z.number().int(),
  type: z.enum(REQUEST_TYPES),
  subscriberFirstName: z.string(),
  subscriberLastName: z.string(),
  dateRequested: z.iso.datetime({ offset: true }),
  status: z.enum(REQUEST_STATUSES),
});
export type RequestItem = z.infer<typeof requestItem>;

/** `Request/List` arrives form-encoded, so every field is text on the wire. */
export const requestListQuery = z.object({
  employerPK: pk,
  recordsPerPage: z.coerce.number().int().min(1).max(100).default(REQUEST_PAGE_SIZE),
  page: z.coerce.number().int().min(0).default(0),
  sortColumn: z.string().regex(/^(dateRequested|subscriberLastName|subscriberFirstName|status|type) (ASC|DESC)$/).optional(),
  firstName: z.string().max(25).optional(),
  lastName: z.string().max(25).optional(),
  RequestStatus: z.enum(REQUEST_STATUSES).or(z.literal('')).optional(),
  RequestStatusList: z.string().optional(),
  dateFrom: isoDate.or(z.literal('')).optional(),
  dateTo: isoDate.or(z.literal('')).optional(),
});
export const requestList = pagedList(requestItem);

export const requestQuery = z.object({ requestPK: pk });
export const requestDetailsQuery = requestQuery.extend({ needsView: flag.optional() });

export const requestStatusEvent = z.object({
  status: z.enum(REQUEST_STATUSES),
  changedBy: z.string(),
  changedAt: z.iso.datetime({ offset: true }),
});
export const requestDetails = z.object({
  requestPK: z.number().int(),
  type: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  /** The request rendered as an HTML document for the view-request modal. */
  content: z.string(),
  history: z.array(requestStatusEvent),
});

export const requestStatusAnswer = z.object({ requestPK: z.number().int(), status: z.enum(REQUEST_STATUSES) });

// ---- Enrollment request (spec 1 §3 "Enrollment request payload") ----

export const fsaElectionInput = z.object({ pk: z.number().int().positive(), amount: fsaAmount });

/**
 * The wizard saves a partial payload at every step, so the transport schema accepts drafts; the
 * step schemas of the wizard and the server's submit check apply the full rules.
 */
export const enrollmentRequest = z.object({
  saveStep: z.number().int().min(1).max(4),
  requestPK: z.number().int().positive().optional(),
  subscriberPK: z.number().int().positive().optional(),
  employerPK: z.number().int().positive(),
  changeReasonPK: z.number().int().positive().optional(),
  isTermed: z.boolean().optional(),
  subscriber: z.record(z.string(), z.unknown()),
  dateOfHire: isoDate.or(z.literal('')).optional(),
  effectiveDate: isoDate.or(z.literal('')).optional(),
  groupEffectiveDate: isoDate.or(z.literal('')).optional(),
  occupation: z.string().max(100).optional(),
  jobTitle: z.string().max(100).optional(),
  payRate: z.number().nonnegative().optional(),
  payRateFrequencyID: z.number().int().positive().optional(),
  isCoveredByMedicare: z.boolean().optional(),
  addReasonPK: z.number().int().positive().optional(),
  hasDependents: z.boolean().optional(),
  dependents: z.array(z.record(z.string(), z.unknown())).optional(),
  divisions: z.number().int().positive().optional(),
  isMedicalCoverage: z.boolean().optional(),
  employerPlanPK: z.number().int().optional(),
  medicalTierPK: z.number().int().optional(),
  isDentalCoverage: z.boolean().optional(),
  employerDentalPlanPK: z.number().int().optional(),
  dentalTierPK: z.number().int().optional(),
  isFSA: z.boolean().optional(),
  FSAElections: z.array(fsaElectionInput).optional(),
  submit: z.boolean().optional(),
});
export type EnrollmentRequest = z.input<typeof enrollmentRequest>;

export const enrollmentRequestQuery = z.object({ requestPK: pk.optional() });
export const enrollmentAnswer = z.object({ requestPK: z.number().int(), hasError: z.boolean() });

export const SUBSCRIBER_EXISTS_MESSAGE =
  'Subscriber Record already exists. Please navigate to Change Coverage for a reinstatement or contact the employer services mailbox for questions.';
export const START_BEFORE_GROUP_MESSAGE = "The subscriber's start date must be on or after the group's start date";
export const PENDING_MESSAGES = {
  Subscriber: 'Update request for this subscriber is already pending.',
  Terminate: 'Terminate request for this subscriber is already pending.',
  ChangeCoverage: 'Change Coverage request for this subscriber is already pending.',
} as const;
export const APPROVE_CONFIRM_MESSAGE = 'Are you sure you would like to approve the selected request?';
export const APPROVED_MESSAGE = 'Your approval has gone through';

/** Statuses in which a request still waits to change member data (the pending-request notices). */
export const PENDING_STATUSES = ['Submitted', 'HRApproved', 'HEZApproved'] as const satisfies readonly RequestStatus[];
