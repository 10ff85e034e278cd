// Member requests (demographic updates, terminations, and the status of every request): how they are
// stored, listed, shown and moved through their lifecycle. Applying them is processing's work.
export { checkTerminationChoice, storeTerminations, terminateDependent, terminateSubscriber } from './terminations';
export { updateDependent, updateSubscriber } from './demographic-updates';
export { refusePending } from './member-request-store';
export {
  APPROVED_ON_SUBMISSION_NOTE,
  PROCESSING_ACTOR,
  approveOnSubmission,
  approveSubmitted,
  changeStatus,
  userChangesStatus,
} from './request-status';
export { wasSubmitted } from './request-lifecycle';
export { requestFilter, requestList } from './request-list';
export { requestDetails, viewEnrollmentPdf } from './request-details';
