// The life of an enrollment submission (README, "Request lifecycle"): one table of legal moves, read by
// every place that changes a request's status. Pure: no database, no HTTP.
import { REQUEST_STATUSES, type RequestStatus } from '../../src/contracts/requests';

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

/** From each status, the events allowed and where they lead. A status with no entries is final. */
export const TRANSITIONS: Readonly<Record<RequestStatus, Readonly<Partial<Record<LifecycleEvent, RequestStatus>>>>> = {
  Incomplete: { submit: 'Submitted', cancel: 'Cancelled' },
  Submitted: { hrApprove: 'HRApproved', hrReject: 'HRRejected', cancel: 'Cancelled' },
  HRApproved: { hezApprove: 'HEZApproved', hezReject: 'HEZRejected' },
  HEZApproved: { push: 'PushedToRemote' },
  HRRejected: {},
  HEZRejected: {},
  Cancelled: {},
  PushedToRemote: {},
};

/** What each event does, as the refusal message words it. */
const EVENT_WORDS: Record<LifecycleEvent, string> = {
  submit: 'submitted',
  cancel: 'cancelled',
  hrApprove: 'approved by HR',
  hrReject: 'rejected by HR',
  hezApprove: 'approved for processing',
  hezReject: 'rejected in processing',
  push: 'applied to member data',
};

/** The statuses from which an event is allowed, in table order. */
export function sourcesOf(event: LifecycleEvent): RequestStatus[] {
  return REQUEST_STATUSES.filter((status) => TRANSITIONS[status][event] !== undefined);
}

/** A move the table does not allow; the API answers it with 409 and this message. */
export class IllegalTransitionError extends Error {
  constructor(
    readonly from: RequestStatus,
    readonly event: LifecycleEvent,
  ) {
    super(
      `Only a request that is ${sourcesOf(event).join(' or ')} can be ${EVENT_WORDS[event]}; this request is ${from}.`,
    );
    this.name = 'IllegalTransitionError';
  }
}

export function canTransition(from: RequestStatus, event: LifecycleEvent): boolean {
  return TRANSITIONS[from][event] !== undefined;
}

/** The status a request moves to, or an IllegalTransitionError. */
export function transition(from: RequestStatus, event: LifecycleEvent): RequestStatus {
  const to = TRANSITIONS[from][event];
  if (to === undefined) throw new IllegalTransitionError(from, event);
  return to;
}

/** True once a request has left the wizard by being submitted (whatever happened to it after). */
export function wasSubmitted(status: RequestStatus): boolean {
  return status !== 'Incomplete' && status !== 'Cancelled';
}
