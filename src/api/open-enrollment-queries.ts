import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';
import type { EnrollmentStatusQuery } from '../contracts/open-enrollment';

const ROOT = 'open-enrollment';

/** Keys are ['open-enrollment', verb, input]: HR's window and the member's own elections. */
export const openEnrollmentQueries = {
  all: () => [ROOT] as const,
  window: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'window', endpoints.enrollmentWindow, { query: { employerPK } }, { notify: false }),
  mine: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'mine', endpoints.myEnrollment, { query: { employerPK } }, { notify: false }),
  /** HR's list of a member's confirmation statements. */
  statements: (subscriberPK: number) =>
    endpointQueryOptions(
      ROOT,
      'statements',
      endpoints.memberStatements,
      { query: { subscriberPK } },
      { notify: false },
    ),
  /** A page of HR's list of members and their status in the window (filters, and the key it starts after). */
  statusList: (query: EnrollmentStatusQuery) =>
    endpointQueryOptions(ROOT, 'statusList', endpoints.enrollmentStatusList, { query }, { notify: false }),
};
