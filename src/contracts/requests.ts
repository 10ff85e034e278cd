import { z } from 'zod';
import { MAX_PAGE, flag, isoDate, knownCountText, pagedList, pk, text } from './common';
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

/** The spec names statuses only as filter values; on screen and in documents they read as words. */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  HEZRejected: 'HEZ Rejected',
  HEZApproved: 'HEZ Approved',
  HRRejected: 'HR Rejected',
  HRApproved: 'HR Approved',
  Cancelled: 'Cancelled',
  Incomplete: 'Incomplete',
  Submitted: 'Submitted',
  PushedToRemote: 'Pushed To Remote',
};

/** Events that move a request (README, "Request lifecycle"). */
export const LIFECYCLE_EVENTS = [
  'submit',
  'cancel',
  'hrApprove',
  'hrReject',
  'hezApprove',
  'hezReject',
  'push',
] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

/**
 * The one table of legal moves: from each status, the events allowed and where they lead (a status
 * with no entries is final). The server enforces it; the manager screen offers only what it allows.
 */
export const TRANSITIONS: Readonly<Record<RequestStatus, Readonly<Partial<Record<LifecycleEvent, RequestStatus>>>>> = {
  Incomplete: { submit: 'Submitted', cancel: 'Cancelled' },
  Submitted: {
    hrApprove: 'HRApproved',
    hrReject: 'HRRejected',
    cancel: 'Cancelled',
  },
  HRApproved: { hezApprove: 'HEZApproved', hezReject: 'HEZRejected' },
  HEZApproved: { push: 'PushedToRemote' },
  HRRejected: {},
  HEZRejected: {},
  Cancelled: {},
  PushedToRemote: {},
};

export function canTransition(from: RequestStatus, event: LifecycleEvent): boolean {
  return TRANSITIONS[from][event] !== undefined;
}

/** The statuses from which an event is allowed, in table order. */
export function sourcesOf(event: LifecycleEvent): RequestStatus[] {
  return REQUEST_STATUSES.filter((status) => canTransition(status, event));
}

/** The simpler filter of spec 1 §4 and the statuses each covers. */
export const REQUEST_STATUS_GROUPS = {
  InProgress: ['Incomplete', 'Submitted', 'HRApproved', 'HEZApproved'],
  Processed: ['PushedToRemote'],
  Failed: ['HEZRejected', 'HRRejected', 'Cancelled'],
} as const satisfies Record<string, readonly RequestStatus[]>;

/** A RequestStatusList naming something that is neither a status nor a simple filter name. */
export const REQUEST_STATUS_FILTER_MESSAGE = 'Unknown request status.';

/**
 * The statuses a comma-separated RequestStatusList names, the simple names expanded; null when a name
 * is unknown. Empty text names none (no filter).
 */
export function requestStatusesOf(list: string): RequestStatus[] | null {
  const groups: Record<string, readonly RequestStatus[]> = REQUEST_STATUS_GROUPS;
  const statuses = new Set<RequestStatus>();
  for (const name of list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const named = Object.hasOwn(groups, name) ? groups[name] : REQUEST_STATUSES.filter((status) => status === name);
    if (!named?.length) return null;
    for (const status of named) statuses.add(status);
  }
  return [...statuses];
}

/** How each request type is named on screen and in the rendered request. */
export const REQUEST_TYPE_LABELS = {
  NewEnrollment: 'New Enrollment',
  Subscriber: 'Subscriber Demographics Update',
  Dependent: 'Dependent Demographics Update',
  ChangeCoverage: 'Change Coverage',
  Terminate: 'Subscriber Termination',
  TerminateDependent: 'Dependent Termination',
  OpenEnrollment: 'Open Enrollment Election',
  LifeEvent: 'Life Event Change',
} as const satisfies Record<(typeof REQUEST_TYPES)[number], string>;

export const REQUEST_PAGE_SIZE = 20;
export const REQUEST_PAGE_LINKS = 5;

const requestItem = z.object({
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
  page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
  sortColumn: z
    .string()
    .max(64)
    .regex(/^(dateRequested|subscriberLastName|subscriberFirstName|status|type) (ASC|DESC)$/)
    .optional(),
  firstName: text(25).optional(),
  lastName: text(25).optional(),
  RequestStatus: z.enum(REQUEST_STATUSES).or(z.literal('')).optional(),
  /** Comma-separated statuses and/or the simple names InProgress, Processed, Failed. */
  RequestStatusList: z
    .string()
    .max(200, REQUEST_STATUS_FILTER_MESSAGE)
    .refine((list) => requestStatusesOf(list) !== null, REQUEST_STATUS_FILTER_MESSAGE)
    .optional(),
  dateFrom: isoDate.or(z.literal('')).optional(),
  dateTo: isoDate.or(z.literal('')).optional(),
  knownCount: knownCountText,
});
export const requestList = pagedList(requestItem);

export const requestQuery = z.object({ requestPK: pk });
export const requestDetailsQuery = requestQuery.extend({
  needsView: flag.optional(),
});

export const requestStatusEvent = z.object({
  status: z.enum(REQUEST_STATUSES),
  changedBy: z.string(),
  changedAt: z.iso.datetime({ offset: true }),
  /** Why, where there is a reason (a rejection, an approval on submission). */
  note: z.string().nullish(),
});
export const requestDetails = z.object({
  requestPK: z.number().int(),
  type: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  /** The request rendered as an HTML document for the view-request modal. */
  content: z.string(),
  history: z.array(requestStatusEvent),
});

export const requestStatusAnswer = z.object({
  requestPK: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
});

export const SUBSCRIBER_EXISTS_MESSAGE =
  'Subscriber Record already exists. Please navigate to Change Coverage for a reinstatement or contact the employer services mailbox for questions.';
export const START_BEFORE_GROUP_MESSAGE = "The subscriber's start date must be on or after the group's start date";
export const PENDING_MESSAGES = {
  Subscriber: 'Update request for this subscriber is already pending.',
  Terminate: 'Terminate request for this subscriber is already pending.',
  ChangeCoverage: 'Change Coverage request for this subscriber is already pending.',
  // Not in the spec's catalogue; worded like the subscriber notices.
  Dependent: 'Update request for this dependent is already pending.',
  TerminateDependent: 'Terminate request for this dependent is already pending.',
} as const;
export const APPROVE_CONFIRM_MESSAGE = 'Are you sure you would like to approve the selected request?';
export const APPROVED_MESSAGE = 'Your approval has gone through';

/** Statuses in which a request still waits to change member data (the pending-request notices). */
export const PENDING_STATUSES = ['Submitted', 'HRApproved', 'HEZApproved'] as const satisfies readonly RequestStatus[];

/** Pending requests of a subscriber that stop every subscriber flow (spec 1 §4 "Pending requests"). */
export const SUBSCRIBER_BLOCKING_TYPES = ['Subscriber', 'ChangeCoverage', 'Terminate'] as const;
type SubscriberBlockingType = (typeof SUBSCRIBER_BLOCKING_TYPES)[number];

/**
 * The notice for a subscriber with pending requests of these types, starting a flow of kind `own`:
 * any pending Subscriber, change-coverage or terminate request stops it, with the text of the flow's
 * own kind when that one is pending, else of the kind that is. Null when nothing stops it.
 */
export function subscriberPendingNotice(own: SubscriberBlockingType, pending: readonly string[]): string | null {
  if (pending.includes(own)) return PENDING_MESSAGES[own];
  const other = SUBSCRIBER_BLOCKING_TYPES.find((type) => pending.includes(type));
  return other ? PENDING_MESSAGES[other] : null;
}
