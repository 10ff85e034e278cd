// The open-enrollment domain's face: plan years and their rates, and the member's own benefits.
export { myBenefits } from './my-benefits';
export {
  copyPlanYear,
  planYearList,
  planYearPlans,
  savePlanDetails,
  savePlanRates,
  setMembersSeeClaims,
  setPayFrequency,
  setPlanSuccessor,
} from './plan-years';
export { myEnrollment, submitElections } from './elections';
export { enrollmentWindow, openEnrollmentWindow } from './windows';
export { memberStatementPdf, memberStatements, myDocuments, myStatementPdf } from './statements';
export { REMINDER_BATCH, remindMembers } from './reminders';
export { enrollmentStatusCsv, enrollmentStatusList } from './enrollment-status';
export { approveWindowRequests, closeEnrollmentWindow } from './close-window';
export { planSbcPdf, removePlanSbc, savePlanSbc, withPlanSbcs } from './plan-documents';
