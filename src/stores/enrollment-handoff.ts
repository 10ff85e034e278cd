import { DEPENDENT_TERMINATION_CHANGE_REASON_PK } from '../contracts/lookups';
import { useAppStore } from './app-store';

// The named ways another journey starts or ends an enrollment. The enrollment wizard keeps its draft
// in its own slice (enrollment-draft-slice.ts), which no other feature writes: a journey that hands
// a member over to the wizard, or ends its draft, says so here.

const draft = () => useAppStore.getState();

/** A new enrollment, another group, a finished termination: the draft and its typed forms go. */
export function discardEnrollmentDraft(): void {
  draft().clearSubscriber();
}

/**
 * A dependent's termination was submitted: the subscriber's next enrollment starts the day after
 * `terminationDate`. The draft becomes this subscriber's, so the date never dates someone else's.
 */
export function recordDependentTermination(subscriberPK: number, terminationDate: string): void {
  draft().clearSubscriber();
  draft().updateDraft({ subscriberPK, dependentTermDate: terminationDate });
}

/** The termination date recorded for the next enrollment, if any. */
export function recordedDependentTermination(): string | null {
  return draft().enrollment.dependentTermDate;
}

/**
 * The change-of-coverage request a dependent's termination opened (`requestPK`): the wizard goes on
 * with it at its plan step.
 */
export function continueCoverageAfterTermination(subscriberPK: number, requestPK: number): void {
  draft().updateDraft({ subscriberPK, changeReasonPK: DEPENDENT_TERMINATION_CHANGE_REASON_PK, requestPK, step: 2 });
}

/**
 * A change of the subscriber's coverage for the qualifying event chosen: a new request, from the
 * wizard's first step. A dependent termination recorded for this subscriber still dates it.
 */
export function startCoverageChange(subscriberPK: number, changeReasonPK: number): void {
  const previous = draft().enrollment;
  draft().clearSubscriber();
  draft().updateDraft({
    subscriberPK,
    changeReasonPK,
    dependentTermDate: previous.subscriberPK === subscriberPK ? previous.dependentTermDate : null,
  });
}
