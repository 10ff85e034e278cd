// Enrollment wizard requests (new enrollments and changes of coverage): drafts saved at every step,
// their checks, and the full SSNs they carry until processing applies them.
export {
  REQUEST_LOCKED_MESSAGE,
  createEnrollmentRequest,
  getEnrollmentRequest,
  subscriberExists,
  updateEnrollmentRequest,
  type SaveResult,
} from './enrollment';
export {
  CHOICE_MESSAGES,
  checkDependentRecords,
  checkDependents,
  checkPlanAnswers,
  checkPlanChoices,
  checkPlanChoicesAgainst,
  checkEmployment,
  type PlanChoiceRecords,
  checkSubscriber,
  type EnrollmentPayload,
} from './enrollment-validation';
export { mergeDependentSsns, mergeSubscriberSsn, type MergedPerson } from './enrollment-ssn';
