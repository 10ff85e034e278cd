// The access audit's read side: which group a record belongs to, and the Access Report.
export { groupOfResource } from './access';
export { accessReport, accessReportCsv } from './access-report';
