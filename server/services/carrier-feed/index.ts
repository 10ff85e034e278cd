// The carrier feed: X12 834 files of each group's pushed requests (and full files), kept encrypted,
// listed and shown, and the payer's 999 acknowledgments of them.
export {
  CHANGE_FILE_RESUME_AFTER_MS,
  WAITING_FOR_FILE_NOTE,
  addToOpenBatch,
  carrierAcknowledgment,
  carrierFile,
  carrierFileList,
  carrierFileView,
  closeAllBatches,
  closeCarrierBatch,
  generateFullFile,
  startCarrierFeedWorker,
} from './carrier-files';
export {
  FULL_FILE_MAINTENANCE,
  headerSegments,
  maintenanceFor,
  memberSegments,
  trailerSegments,
  type FeedMember,
} from './carrier-834';
export { carrierFeedKey, readCarrierFile } from './carrier-file-store';
