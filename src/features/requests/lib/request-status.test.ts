import { describe, expect, it } from 'vitest';
import {
  REQUEST_STATUS_GROUPS,
  REQUEST_STATUSES,
  requestListQuery,
  requestStatusesOf,
} from '../../../contracts/requests';
import {
  canApprove,
  canCancel,
  STATUS_FILTERS,
  STATUS_GROUPS,
  statusFilterFields,
  statusFilterLabel,
} from './request-status';

describe('status filter', () => {
  it('offers the three simple groups of the contract, then the eight statuses', () => {
    expect([...STATUS_GROUPS]).toEqual(Object.keys(REQUEST_STATUS_GROUPS));
    expect(STATUS_FILTERS).toEqual(['InProgress', 'Processed', 'Failed', ...REQUEST_STATUSES]);
  });

  it('sends a single status as RequestStatus and a group as RequestStatusList', () => {
    expect(statusFilterFields(undefined)).toEqual({});
    expect(statusFilterFields('Submitted')).toEqual({ RequestStatus: 'Submitted' });
    expect(statusFilterFields('PushedToRemote')).toEqual({ RequestStatus: 'PushedToRemote' });
    expect(statusFilterFields('InProgress')).toEqual({ RequestStatusList: 'InProgress' });
    expect(statusFilterFields('Failed')).toEqual({ RequestStatusList: 'Failed' });
  });

  it('maps each group onto exactly the statuses the server filters by', () => {
    for (const group of STATUS_GROUPS) {
      const fields = statusFilterFields(group);
      expect(requestStatusesOf(fields.RequestStatusList!)).toEqual([...REQUEST_STATUS_GROUPS[group]]);
    }
  });

  it('gives the server only fields its contract accepts', () => {
    for (const filter of STATUS_FILTERS) {
      expect(requestListQuery.safeParse({ employerPK: 2, ...statusFilterFields(filter) }).success).toBe(true);
    }
  });

  it('labels a group with the statuses it covers', () => {
    expect(statusFilterLabel('InProgress')).toBe('In Progress (Incomplete, Submitted, HR Approved, HEZ Approved)');
    expect(statusFilterLabel('Processed')).toBe('Processed (Pushed To Remote)');
    expect(statusFilterLabel('HEZRejected')).toBe('HEZ Rejected');
  });
});

describe('row actions', () => {
  it('offers cancel while a request is Incomplete or Submitted, and approval on Submitted only', () => {
    expect(REQUEST_STATUSES.filter(canCancel)).toEqual(['Incomplete', 'Submitted']);
    expect(REQUEST_STATUSES.filter(canApprove)).toEqual(['Submitted']);
  });
});
