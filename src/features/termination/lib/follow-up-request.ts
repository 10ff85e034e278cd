import { addDays, format, parse } from 'date-fns';
import { subscriberFormValues } from '../../../components/member-chooser/member-form-values';
import type { EnrollmentRequest } from '../../../contracts/enrollment';
import { DEFAULT_MARITAL_STATUS_PK, DEPENDENT_TERMINATION_CHANGE_REASON_PK } from '../../../contracts/lookups';
import type { SubscriberDetail } from '../../../contracts/subscribers';

/** The day after a `yyyy-MM-dd` date, as a calendar date (no time zone involved). */
export function dayAfter(isoDate: string): string {
  return format(addDays(parse(isoDate, 'yyyy-MM-dd', new Date()), 1), 'yyyy-MM-dd');
}

const orUndefined = <T>(value: T | null) => value ?? undefined;

/**
 * The change-coverage request that follows a dependent's termination (spec 1 §4): saved at step 2
 * with change reason 14, marital status 1, effective the day after the termination date. The
 * member's own data comes from SubscriberDetails; the wizard continues at the plan page.
 */
export function followUpChangeRequest(
  detail: SubscriberDetail,
  employerPK: number,
  terminationDate: string,
): EnrollmentRequest {
  const { ssn: _blank, ...subscriber } = subscriberFormValues(detail);
  return {
    saveStep: 2,
    subscriberPK: detail.subscriberPK,
    employerPK,
    changeReasonPK: DEPENDENT_TERMINATION_CHANGE_REASON_PK,
    subscriber: { ...subscriber, maritalStatusPK: DEFAULT_MARITAL_STATUS_PK },
    effectiveDate: dayAfter(terminationDate),
    dateOfHire: orUndefined(detail.dateOfHire),
    occupation: orUndefined(detail.occupation),
    jobTitle: orUndefined(detail.jobTitle),
    payRate: orUndefined(detail.payRate),
    payRateFrequencyID: orUndefined(detail.payRateFrequencyID),
    isCoveredByMedicare: detail.isCoveredByMedicare,
  };
}
