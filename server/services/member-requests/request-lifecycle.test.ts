import { describe, expect, it } from 'vitest';
import {
  LIFECYCLE_EVENTS,
  REQUEST_STATUSES,
  canTransition,
  sourcesOf,
  type LifecycleEvent,
  type RequestStatus,
} from '../../../src/contracts/requests';
import { IllegalTransitionError, transition, wasSubmitted } from './request-lifecycle';

// The lifecycle written out by hand (README, "Request lifecycle"), independent of the table it checks.
const LEGAL: [RequestStatus, LifecycleEvent, RequestStatus][] = [
  ['Incomplete', 'submit', 'Submitted'],
  ['Incomplete', 'cancel', 'Cancelled'],
  ['Submitted', 'cancel', 'Cancelled'],
  ['Submitted', 'hrApprove', 'HRApproved'],
  ['Submitted', 'hrReject', 'HRRejected'],
  ['HRApproved', 'hezApprove', 'HEZApproved'],
  ['HRApproved', 'hezReject', 'HEZRejected'],
  ['HEZApproved', 'push', 'PushedToRemote'],
];

const ILLEGAL = REQUEST_STATUSES.flatMap((from) =>
  LIFECYCLE_EVENTS.filter((event) => !LEGAL.some(([f, e]) => f === from && e === event)).map(
    (event) => [from, event] as const,
  ),
);

describe('request lifecycle', () => {
  it.each(LEGAL)('%s --%s--> %s', (from, event, to) => {
    expect(canTransition(from, event)).toBe(true);
    expect(transition(from, event)).toBe(to);
  });

  it('covers every status and event pair', () => {
    expect(LEGAL.length + ILLEGAL.length).toBe(REQUEST_STATUSES.length * LIFECYCLE_EVENTS.length);
    expect(ILLEGAL).toHaveLength(48);
  });

  it.each(ILLEGAL)('refuses %s --%s--> with a typed error naming the allowed statuses', (from, event) => {
    expect(canTransition(from, event)).toBe(false);
    let thrown: unknown;
    try {
      transition(from, event);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IllegalTransitionError);
    const error = thrown as IllegalTransitionError;
    expect(error).toMatchObject({ from, event });
    expect(error.message).toContain(`this request is ${from}`);
    for (const source of sourcesOf(event)) expect(error.message).toContain(source);
  });

  it('words the refusals the API answers with 409', () => {
    expect(() => transition('PushedToRemote', 'cancel')).toThrow(
      'Only a request that is Incomplete or Submitted can be cancelled; this request is PushedToRemote.',
    );
    expect(() => transition('HRApproved', 'hrApprove')).toThrow(
      'Only a request that is Submitted can be approved by HR; this request is HRApproved.',
    );
  });

  it('has final statuses that nothing leaves', () => {
    for (const status of ['HRRejected', 'HEZRejected', 'Cancelled', 'PushedToRemote'] as const) {
      expect(LIFECYCLE_EVENTS.filter((event) => canTransition(status, event))).toEqual([]);
    }
  });

  it('tells a submitted request from a draft', () => {
    expect(REQUEST_STATUSES.filter(wasSubmitted)).toEqual([
      'HEZRejected',
      'HEZApproved',
      'HRRejected',
      'HRApproved',
      'Submitted',
      'PushedToRemote',
    ]);
  });
});
