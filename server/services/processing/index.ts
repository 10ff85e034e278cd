// Provider-level processing: HR-approved member requests are checked again, then applied to member
// data and handed to the carrier feed, or rejected with a note.
export { countWaitingRequests, processPendingRequests, startProcessingWorker } from './processing';
export { PROCESSING_NOTES } from './processing-outcome';
