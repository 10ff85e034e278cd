// Provider-level (HEZ) processing of one HR-approved request: the checks that decide approval or
// rejection, and the change of member data that approval leads to. A request is checked again with
// the rules it was submitted under (the wizard's schemas, the plan choices on file), because plans,
// members and SSNs on file may have changed since.
import type { Db } from '../../db/client';
import { prepareChangeCoverage, prepareNewEnrollment } from './processing-enrollment';
import { prepareDependentUpdate, prepareSubscriberUpdate } from './processing-demographic-update';
import { prepareLifeEvent } from './processing-life-event';
import { prepareOpenEnrollment } from './processing-open-enrollment';
import type { Prepared, RequestRow } from './processing-outcome';
import { prepareDependentTermination, prepareTermination } from './processing-termination';

/** Checks the request by its type; the worker applies or rejects it. */
export function prepareRequest(tx: Db, row: RequestRow, today: string): Promise<Prepared> {
  switch (row.type) {
    case 'NewEnrollment':
      return prepareNewEnrollment(tx, row, today);
    case 'ChangeCoverage':
      return prepareChangeCoverage(tx, row, today);
    case 'Subscriber':
      return prepareSubscriberUpdate(tx, row);
    case 'Dependent':
      return prepareDependentUpdate(tx, row);
    case 'Terminate':
      return prepareTermination(tx, row);
    case 'TerminateDependent':
      return prepareDependentTermination(tx, row);
    case 'OpenEnrollment':
      return prepareOpenEnrollment(tx, row);
    case 'LifeEvent':
      return prepareLifeEvent(tx, row);
  }
}
