// Exports of the lists on screen as .xlsx or .csv, streamed and audited. Only routes call them.
export { claimExport, documentExport, memberExport, requestExport, userExport } from './list-exports';
