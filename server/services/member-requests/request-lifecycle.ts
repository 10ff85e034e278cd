// The life of an enrollment submission (README, "Request lifecycle"): the contract's table of legal
// moves, enforced for every place that changes a request's status. Pure: no database, no HTTP.
import { sourcesOf, TRANSITIONS, type LifecycleEvent, type RequestStatus } from '../../../src/contracts/requests';

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
