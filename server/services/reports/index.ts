// Group reports: the census (a streamed CSV and its summary) and the stored documents (funding
// reports, invoices, monthly reports).
export { censusReport, censusSummary } from './census';
export { documentFile, documentFilter, listDocuments } from './documents';
