import { PENDING_MESSAGES, subscriberPendingNotice } from '../../contracts/requests';
import type { RequestType } from '../../contracts/subscribers';

/** The member flows that refuse a member with a pending request (spec 1 §4). */
export type MemberFlow = 'update' | 'terminate' | 'changeCoverage';

type PendingFlags = {
  hasPendingRequest: boolean;
  pendingRequestTypes: readonly RequestType[];
};

type BlockingType = keyof typeof PENDING_MESSAGES;

const BLOCKING_TYPES: Record<MemberFlow, Record<'subscriber' | 'dependent', BlockingType>> = {
  update: { subscriber: 'Subscriber', dependent: 'Dependent' },
  // A pending termination of the subscriber ends the dependents' coverage as well. A dependent's own
  // pending termination is refused by the server (409), which knows which dependent it names.
  terminate: { subscriber: 'Terminate', dependent: 'Terminate' },
  changeCoverage: { subscriber: 'ChangeCoverage', dependent: 'ChangeCoverage' },
};

/**
 * The notice to show instead of continuing the flow, or null when the member may go on: a pending
 * Subscriber, change-coverage or terminate request stops every subscriber flow. Pending request
 * types are held per subscriber, so a dependent is judged by its subscriber's flags.
 */
export function pendingNoticeFor(
  flow: MemberFlow,
  member: PendingFlags,
  target: 'subscriber' | 'dependent' = 'subscriber',
): string | null {
  if (!member.hasPendingRequest) return null;
  const type = BLOCKING_TYPES[flow][target];
  if (type === 'Dependent' || type === 'TerminateDependent') {
    return member.pendingRequestTypes.includes(type) ? PENDING_MESSAGES[type] : null;
  }
  return subscriberPendingNotice(type, member.pendingRequestTypes);
}
