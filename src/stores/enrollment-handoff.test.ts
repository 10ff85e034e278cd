import { afterEach, describe, expect, it } from 'vitest';
import { DEPENDENT_TERMINATION_CHANGE_REASON_PK } from '../contracts/lookups';
import { resetAppState, useAppStore } from './app-store';
import {
  continueCoverageAfterTermination,
  discardEnrollmentDraft,
  recordDependentTermination,
  recordedDependentTermination,
  startCoverageChange,
} from './enrollment-handoff';

const draft = () => useAppStore.getState().enrollment;

afterEach(() => {
  resetAppState();
  sessionStorage.clear();
});

describe('enrollment hand-offs', () => {
  it('a dependent’s termination replaces the draft with that subscriber and the termination date', () => {
    useAppStore.getState().updateDraft({ requestPK: 5, subscriberPK: 6, step: 3 });
    recordDependentTermination(9, '2026-01-31');
    expect(draft()).toMatchObject({ requestPK: null, subscriberPK: 9, step: null, dependentTermDate: '2026-01-31' });
    expect(recordedDependentTermination()).toBe('2026-01-31');
  });

  it('the change of coverage the termination opened goes on at the plan step', () => {
    recordDependentTermination(9, '2026-01-31');
    continueCoverageAfterTermination(9, 44);
    expect(draft()).toMatchObject({
      requestPK: 44,
      subscriberPK: 9,
      changeReasonPK: DEPENDENT_TERMINATION_CHANGE_REASON_PK,
      step: 2,
      dependentTermDate: '2026-01-31',
    });
  });

  it('a change of coverage starts a new request, dated by a termination recorded for the same subscriber only', () => {
    recordDependentTermination(9, '2026-01-31');
    useAppStore.getState().updateDraft({ requestPK: 44 });
    startCoverageChange(9, 3);
    expect(draft()).toMatchObject({
      requestPK: null,
      subscriberPK: 9,
      changeReasonPK: 3,
      dependentTermDate: '2026-01-31',
    });
    startCoverageChange(10, 3);
    expect(draft()).toMatchObject({ subscriberPK: 10, dependentTermDate: null });
  });

  it('discarding the draft empties it and starts an open wizard step again', () => {
    const resets = useAppStore.getState().enrollmentResets;
    useAppStore.getState().updateDraft({ requestPK: 5, subscriberPK: 6 });
    discardEnrollmentDraft();
    expect(draft()).toMatchObject({ requestPK: null, subscriberPK: null });
    expect(useAppStore.getState().enrollmentResets).toBe(resets + 1);
  });
});
