// The access audit's read side (which group a record belongs to, the Access Report) and the upkeep
// of its monthly partitions.
export { groupOfResource } from './access';
export { accessReport, accessReportCsv } from './access-report';
export { addAuditMonths, auditMonths, startAuditMonthKeeper } from './audit-months';
