import { describe, expect, it } from 'vitest';
import { PENDING_MESSAGES } from '../../contracts/requests';
import type { RequestType } from '../../contracts/subscribers';
import { pendingNoticeFor } from './pending-notice';

const member = (...types: RequestType[]) => ({ hasPendingRequest: types.length > 0, pendingRequestTypes: types });

describe('pendingNoticeFor', () => {
  it('lets a member without pending requests through', () => {
    expect(pendingNoticeFor('update', member())).toBeNull();
    expect(pendingNoticeFor('terminate', member())).toBeNull();
    expect(pendingNoticeFor('changeCoverage', member())).toBeNull();
  });

  it('stops each flow on a pending request of its own kind', () => {
    expect(pendingNoticeFor('update', member('Subscriber'))).toBe(PENDING_MESSAGES.Subscriber);
    expect(pendingNoticeFor('terminate', member('Terminate'))).toBe(PENDING_MESSAGES.Terminate);
    expect(pendingNoticeFor('changeCoverage', member('ChangeCoverage'))).toBe(PENDING_MESSAGES.ChangeCoverage);
  });

  it('stops each subscriber flow on a pending request of the other two kinds too, with that kind’s text', () => {
    expect(pendingNoticeFor('update', member('Terminate'))).toBe(PENDING_MESSAGES.Terminate);
    expect(pendingNoticeFor('terminate', member('Subscriber'))).toBe(PENDING_MESSAGES.Subscriber);
    expect(pendingNoticeFor('changeCoverage', member('Terminate'))).toBe(PENDING_MESSAGES.Terminate);
    expect(pendingNoticeFor('changeCoverage', member('Subscriber'))).toBe(PENDING_MESSAGES.Subscriber);
    // The flow's own kind is named first when several are pending.
    expect(pendingNoticeFor('changeCoverage', member('Subscriber', 'ChangeCoverage'))).toBe(
      PENDING_MESSAGES.ChangeCoverage,
    );
  });

  it('ignores pending dependent requests for subscriber flows', () => {
    expect(pendingNoticeFor('update', member('Dependent', 'TerminateDependent'))).toBeNull();
    expect(pendingNoticeFor('changeCoverage', member('TerminateDependent'))).toBeNull();
  });

  it('judges a dependent update by pending dependent updates', () => {
    expect(pendingNoticeFor('update', member('Dependent'), 'dependent')).toBe(PENDING_MESSAGES.Dependent);
    expect(pendingNoticeFor('update', member('Subscriber'), 'dependent')).toBeNull();
    expect(pendingNoticeFor('update', member('Terminate', 'Dependent'), 'dependent')).toBe(PENDING_MESSAGES.Dependent);
    expect(pendingNoticeFor('update', member('Dependent'))).toBeNull();
  });

  it('stops a dependent termination while the subscriber termination is pending', () => {
    expect(pendingNoticeFor('terminate', member('Terminate'), 'dependent')).toBe(PENDING_MESSAGES.Terminate);
  });

  it('trusts the flag: no notice when hasPendingRequest is false', () => {
    expect(pendingNoticeFor('update', { hasPendingRequest: false, pendingRequestTypes: ['Subscriber'] })).toBeNull();
  });
});
