import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_REPORT_FILE_NAME } from '../../src/contracts/access-report';
import { CENSUS_FILE_NAME } from '../../src/contracts/census';
import { canAccess, rolesInGroup } from '../../src/contracts/permissions';
import type { AuthUser } from '../auth/verify-token';
import { etagOf, expectedVersion } from '../lib/etag';
import { badRequest } from '../lib/problem';
import { accessReport, accessReportCsv } from '../services/audit';
import {
  carrierAcknowledgment,
  carrierFeedKey,
  carrierFile,
  carrierFileList,
  carrierFileView,
  closeCarrierBatch,
  generateFullFile,
} from '../services/carrier-feed';
import { claimEobPdf, claimSearch, myClaims } from '../services/claims';
import {
  accountAccess,
  accountGroups,
  cancelInvitation,
  changePassword,
  changeUserRoles,
  confirmTotpSetup,
  deactivateUser,
  inviteEmployees,
  inviteUser,
  listPasskeys,
  myAccount,
  newRecoveryCodes,
  ownSubscriberOf,
  sendElectionsReceived,
  reactivateUser,
  resendInvitation,
  resetUserMfa,
  signOutOtherSessions,
  signOutSession,
  startTotpSetup,
  userList,
  type AccountCaller,
  type UserAdmin,
} from '../services/identity';
import {
  createEnrollmentRequest,
  getEnrollmentRequest,
  updateEnrollmentRequest,
  type SaveResult,
} from '../services/enrollment';
import { claimExport, documentExport, memberExport, requestExport, userExport } from '../services/exports';
import {
  cancelImport,
  changeImportMapping,
  commitImport,
  createGroup,
  fixImportRow,
  groupSetupTemplate,
  importErrorReport,
  importList,
  importRowsPage,
  importTemplate,
  importView,
  readGroupWorkbook,
  uploadImport,
  uploadRoster,
  withdrawImport,
} from '../services/imports';
import {
  claimsInsight,
  documentInsightOf,
  enrollmentInsight,
  membershipInsight,
  pageView,
  requestsInsight,
} from '../services/insight';
import {
  requestDetails,
  requestList,
  terminateDependent,
  terminateSubscriber,
  updateDependent,
  updateSubscriber,
  userChangesStatus,
  viewEnrollmentPdf,
} from '../services/member-requests';
import {
  dependentEnrollmentDetails,
  dependentList,
  fsaInformation,
  idCardPdf,
  memberView,
  myIdCardPdf,
  requestIdCard,
  subscriberDetails,
  subscriberList,
  viewIdCard,
} from '../services/members';
import {
  availablePlanList,
  changePlanReasonList,
  coverageOptions,
  dropdownLists,
  employerDetails,
  employerDivisions,
  listLookup,
} from '../services/reference';
import {
  copyPlanYear,
  enrollmentWindow,
  myBenefits,
  myEnrollment,
  myDocuments,
  myStatementPdf,
  openEnrollmentWindow,
  submitElections,
  planYearList,
  planYearPlans,
  remindMembers,
  approveWindowRequests,
  closeEnrollmentWindow,
  memberStatementPdf,
  memberStatements,
  planSbcPdf,
  removePlanSbc,
  savePlanDetails,
  savePlanRates,
  savePlanSbc,
  setMembersSeeClaims,
  setPayFrequency,
  setPlanSuccessor,
  withPlanSbcs,
} from '../services/open-enrollment';
import { enrollmentStatusCsv, enrollmentStatusList } from '../services/open-enrollment';
import { lifeEventOptions, reportLifeEvent, requestProof, uploadLifeEventProof } from '../services/life-events';
import { censusReport, censusSummary, documentFile, listDocuments } from '../services/reports';
import type { Handlers } from './handler-types';
import { passkeyHandlers } from './passkey-handlers';

/** The caller of a member request, with their roles in the group the call was authorised for. */
const callerOf = (user: AuthUser, employerPK: number) => ({
  actor: user.sub,
  employerPK,
  roles: rolesInGroup(user.groupRoles, employerPK),
});

/** The caller of a Users screen change, in the group it was authorised for. */
const adminOf = (user: AuthUser, employerPK: number, request: FastifyRequest): UserAdmin => ({
  access: user.access,
  employerPK,
  mail: request.server.accountMail,
});

/** The caller acting on their own account (My Account): the session of the token, mail and secrets. */
const ownerOf = async (user: AuthUser, request: FastifyRequest): Promise<AccountCaller> => ({
  userId: user.access.userId,
  grantId: user.grantId,
  mail: request.server.accountMail,
  box: await request.server.secretBox(),
  warn: (err, message) => request.log.warn({ err }, message),
});

/** A save's answer; its ETag names the draft's new version (none when nothing was stored). */
function withEtag(reply: FastifyReply, { answer, version }: SaveResult) {
  if (version !== null) reply.header('etag', etagOf(version));
  return answer;
}

/**
 * Thin handlers: each hands the validated, authorised call to the service function of the same name,
 * or, for endpoints that differ only in a kind (lookup lists, documents, status changes), to one shared
 * function with the kind as its parameter.
 */
export const handlers: Handlers = {
  accountAccess: async ({ user, query }) => accountAccess(user.access, query.employerPK),
  accountGroups: async ({ user, query, request }) =>
    accountGroups(user.access, await request.server.groupDirectory(), query),
  ...passkeyHandlers,

  myAccount: async ({ db, user, request }) =>
    myAccount(db, await ownerOf(user, request), await listPasskeys(db, user.access.userId)),
  // A wrong current password counts as a failed sign-in of the account, as at the sign-in form.
  changePassword: async ({ db, user, body, request }) =>
    changePassword(db, await ownerOf(user, request), body, {
      lockedForSeconds: (email) => request.server.signInThrottle.lockedForSeconds(db, email, request.ip),
      onWrongPassword: (email) => request.server.signInThrottle.recordFailure(request, email),
      hasPasskeys: (await listPasskeys(db, user.access.userId)).length > 0,
    }),
  startTotpSetup: async ({ db, user, request }) => startTotpSetup(db, await ownerOf(user, request)),
  confirmTotpSetup: async ({ db, user, body, request }) => confirmTotpSetup(db, await ownerOf(user, request), body),
  newRecoveryCodes: async ({ db, user, request }) =>
    newRecoveryCodes(db, await ownerOf(user, request), {
      hasPasskeys: (await listPasskeys(db, user.access.userId)).length > 0,
    }),
  signOutSession: async ({ db, user, body, request }) => signOutSession(db, await ownerOf(user, request), body.id),
  signOutOtherSessions: async ({ db, user, request }) => signOutOtherSessions(db, await ownerOf(user, request)),

  userList: ({ db, employerPK, query }) => userList(db, employerPK, query),
  userExport: ({ db, user, employerPK, body, request }) =>
    userExport({ db, actor: user.sub, employerPK, log: request.log }, body),
  inviteUser: ({ db, user, employerPK, body, request }) => inviteUser(db, adminOf(user, employerPK, request), body),
  resendInvitation: ({ db, user, employerPK, body, request }) =>
    resendInvitation(db, adminOf(user, employerPK, request), body.userId),
  cancelInvitation: ({ db, user, employerPK, body, request }) =>
    cancelInvitation(db, adminOf(user, employerPK, request), body.userId),
  changeUserRoles: ({ db, user, employerPK, body, request }) =>
    changeUserRoles(db, adminOf(user, employerPK, request), body.userId, body.roles),
  deactivateUser: ({ db, user, employerPK, body, request }) =>
    deactivateUser(db, adminOf(user, employerPK, request), body.userId),
  reactivateUser: ({ db, user, employerPK, body, request }) =>
    reactivateUser(db, adminOf(user, employerPK, request), body.userId),
  resetUserMfa: ({ db, user, employerPK, body, request }) =>
    resetUserMfa(db, adminOf(user, employerPK, request), body.userId),

  myBenefits: ({ db, user, employerPK }) => myBenefits(db, employerPK, ownSubscriberOf(user.access, employerPK)),
  myClaims: ({ db, user, employerPK, query }) =>
    myClaims(db, employerPK, ownSubscriberOf(user.access, employerPK), query),
  myDocuments: ({ db, user, employerPK }) => myDocuments(db, employerPK, ownSubscriberOf(user.access, employerPK)),
  myEnrollment: async ({ db, user, employerPK }) =>
    withPlanSbcs(db, await myEnrollment(db, employerPK, ownSubscriberOf(user.access, employerPK))),
  submitElections: async ({ db, user, employerPK, body, request, reply }) => {
    const answer = await submitElections(db, employerPK, ownSubscriberOf(user.access, employerPK), body);
    // Sent once the answer has left: after the change (and its audit row) committed, and without the
    // transaction (the embedded database's one connection) waiting on SMTP.
    reply.raw.once('finish', () => {
      if (reply.statusCode === 200) void sendElectionsReceived(request.server.accountMail, user.access, request.log);
    });
    return answer;
  },
  lifeEventOptions: ({ db, user, employerPK }) =>
    lifeEventOptions(db, employerPK, ownSubscriberOf(user.access, employerPK)),
  reportLifeEvent: ({ db, user, employerPK, body }) =>
    reportLifeEvent(db, employerPK, ownSubscriberOf(user.access, employerPK), user.sub, body),
  uploadLifeEventProof: ({ db, user, employerPK, query, body }) =>
    uploadLifeEventProof(db, employerPK, ownSubscriberOf(user.access, employerPK), query.lifeEventPK, body),
  requestProof: ({ db, employerPK, query }) => requestProof(db, employerPK, query.requestPK),
  myIdCard: ({ db, user, employerPK }) => myIdCardPdf(db, employerPK, ownSubscriberOf(user.access, employerPK)),
  myStatement: ({ db, user, employerPK, query }) =>
    myStatementPdf(db, employerPK, ownSubscriberOf(user.access, employerPK), query.statementPK),
  enrollmentWindow: ({ db, employerPK }) => enrollmentWindow(db, employerPK),
  inviteEmployees: ({ db, user, employerPK, body, request }) =>
    inviteEmployees(db, adminOf(user, employerPK, request), body.subscriberPK),
  remindMembers: ({ db, employerPK, request }) => remindMembers(db, employerPK, request.server.accountMail),
  closeEnrollmentWindow: ({ db, user, employerPK }) => closeEnrollmentWindow(db, employerPK, user.sub),
  memberStatements: ({ db, employerPK, query }) => memberStatements(db, employerPK, query.subscriberPK),
  memberStatementPdf: ({ db, employerPK, query }) =>
    memberStatementPdf(db, employerPK, query.subscriberPK, query.statementPK),
  approveWindowRequests: ({ db, user, employerPK, body }) =>
    approveWindowRequests(db, employerPK, user.sub, body.windowPK),
  enrollmentStatusList: ({ db, employerPK, query }) => enrollmentStatusList(db, employerPK, query),
  enrollmentStatusCsv: async ({ db, user, employerPK, query, request }) =>
    enrollmentStatusCsv({ db, actor: user.sub, employerPK, log: request.log }, query),
  openEnrollmentWindow: ({ db, user, employerPK, body }) => openEnrollmentWindow(db, employerPK, user.sub, body),
  planYearList: ({ db, employerPK }) => planYearList(db, employerPK),
  planYearPlans: ({ db, employerPK, query }) => planYearPlans(db, employerPK, query.beginDate),
  copyPlanYear: ({ db, employerPK, body }) => copyPlanYear(db, employerPK, body.fromBeginDate),
  savePlanRates: ({ db, employerPK, body }) => savePlanRates(db, employerPK, body),
  setPlanSuccessor: ({ db, employerPK, body }) => setPlanSuccessor(db, employerPK, body),
  savePlanDetails: ({ db, employerPK, body }) => savePlanDetails(db, employerPK, body),
  setPayFrequency: ({ db, employerPK, body }) => setPayFrequency(db, employerPK, body.payFrequencyPK),
  setMembersSeeClaims: ({ db, employerPK, body }) => setMembersSeeClaims(db, employerPK, body.membersSeeClaims),
  // The SBC is kept encrypted under the carrier feed's key, which the routes fetch for the domain.
  uploadPlanSbc: async ({ db, user, employerPK, query, body }) =>
    savePlanSbc(db, employerPK, {
      planPK: query.planPK,
      fileName: query.fileName,
      bytes: body,
      uploadedBy: user.sub,
      key: await carrierFeedKey(db),
    }),
  removePlanSbc: ({ db, employerPK, body }) => removePlanSbc(db, employerPK, body.planPK),
  planSbcPdf: async ({ db, employerPK, query }) => planSbcPdf(db, employerPK, query.planPK, await carrierFeedKey(db)),
  genderList: ({ db }) => listLookup(db, 'gender'),
  maritalStatusList: ({ db }) => listLookup(db, 'maritalStatus'),
  userTypeList: ({ db }) => listLookup(db, 'userType'),
  stateList: ({ db }) => listLookup(db, 'state'),
  relationshipList: ({ db }) => listLookup(db, 'relationship'),
  payFrequencyList: ({ db }) => listLookup(db, 'payFrequency'),
  terminatePlanReasonList: ({ db }) => listLookup(db, 'terminatePlanReason'),
  changePlanReasonList: ({ db, query }) => changePlanReasonList(db, query.needAll),
  dropdownLists: ({ db }) => dropdownLists(db),

  employerDetails: ({ db, employerPK }) => employerDetails(db, employerPK),
  employerDivisions: ({ db, employerPK }) => employerDivisions(db, employerPK),
  availablePlanList: ({ db, query }) => availablePlanList(db, query),
  coverageOptions: ({ db, query }) => coverageOptions(db, query),

  subscriberList: ({ db, employerPK, body }) => subscriberList(db, employerPK, body),
  subscriberDetails: ({ db, query }) => subscriberDetails(db, query.pk),
  dependentList: ({ db, query }) => dependentList(db, query.subscriberPK, query.includetermed),
  dependentEnrollmentDetails: ({ db, query }) => dependentEnrollmentDetails(db, query.dependentPK),

  createEnrollmentRequest: async ({ db, user, body, request, reply }) => {
    const version = expectedVersion(request.headers['if-match'], body.version);
    return withEtag(reply, await createEnrollmentRequest(db, user, { ...body, version }));
  },
  updateEnrollmentRequest: async ({ db, user, query, body, request, reply }) => {
    // The query names the request; the service also checks it belongs to the authorised group.
    if (query.requestPK === undefined) {
      throw badRequest('requestPK is required.', { requestPK: ['requestPK is required.'] });
    }
    const version = expectedVersion(request.headers['if-match'], body.version);
    return withEtag(reply, await updateEnrollmentRequest(db, user, query.requestPK, body, version));
  },
  getEnrollmentRequest: async ({ db, query, reply }) => {
    const draft = await getEnrollmentRequest(db, query.requestPK);
    reply.header('etag', etagOf(draft.version));
    return draft;
  },

  updateSubscriber: ({ db, user, employerPK, query, body }) =>
    updateSubscriber(db, callerOf(user, employerPK), query.subscriberPK, body),
  updateDependent: ({ db, user, employerPK, query, body }) =>
    updateDependent(db, callerOf(user, employerPK), query.dependentPK, body),
  terminateSubscriber: ({ db, user, employerPK, body }) => terminateSubscriber(db, callerOf(user, employerPK), body),
  terminateDependent: ({ db, user, employerPK, body }) => terminateDependent(db, callerOf(user, employerPK), body),

  requestList: ({ db, employerPK, body }) => requestList(db, employerPK, body),
  cancelRequest: ({ db, user, employerPK, query }) =>
    userChangesStatus(db, { requestPK: query.requestPK, employerPK }, 'cancel', user.sub),
  hrApproveRequest: ({ db, user, employerPK, query }) =>
    userChangesStatus(db, { requestPK: query.requestPK, employerPK }, 'hrApprove', user.sub),
  requestDetails: ({ db, query }) => requestDetails(db, query.requestPK, query.needsView),
  viewEnrollmentPdf: ({ db, query }) => viewEnrollmentPdf(db, query.requestPK),

  pageView: async ({ db, user, body }) => {
    await pageView(db, user.sub, body.path);
    return { ok: true as const };
  },

  censusReport: async ({ db, user, employerPK, body, request }) => ({
    fileName: CENSUS_FILE_NAME,
    contentType: 'text/csv; charset=utf-8',
    disposition: 'attachment',
    data: censusReport(db, { actor: user.sub, employerPK, query: body, log: request.log }),
  }),
  censusSummary: ({ db, employerPK, body }) => censusSummary(db, employerPK, body),
  carrierFileList: ({ db, employerPK, body }) => carrierFileList(db, employerPK, body),
  carrierFile: ({ db, employerPK, query }) => carrierFile(db, employerPK, query.carrierFilePK),
  carrierFileView: ({ db, employerPK, query }) => carrierFileView(db, employerPK, query.carrierFilePK, query.page),
  closeCarrierBatch: async ({ db, user, employerPK }) => ({ file: await closeCarrierBatch(db, employerPK, user.sub) }),
  generateFullFile: async ({ db, user, employerPK }) => ({ file: await generateFullFile(db, employerPK, user.sub) }),
  carrierAcknowledgment: ({ db, employerPK, body }) => carrierAcknowledgment(db, employerPK, body.content),
  fundingReportList: ({ db, employerPK, body }) => listDocuments(db, employerPK, 'funding', body),
  invoiceList: ({ db, employerPK, body }) => listDocuments(db, employerPK, 'invoice', body),
  specAggFileList: ({ db, employerPK, body }) => listDocuments(db, employerPK, 'monthly', body),
  getFundingReport: ({ db, employerPK, query }) => documentFile(db, employerPK, 'funding', query.fileName),
  getInvoice: ({ db, employerPK, query }) => documentFile(db, employerPK, 'invoice', query.fileName),
  specAggFile: ({ db, employerPK, query }) => documentFile(db, employerPK, 'monthly', query.file),

  requestIdCard: ({ db, user, query }) => requestIdCard(db, user.sub, query.subscriberPK),
  viewIdCard: ({ db, query }) => viewIdCard(db, query.subscriberPK, query.idCardPK),
  idCardPdf: ({ db, query }) => idCardPdf(db, query),
  fsaInformation: ({ db, query }) => fsaInformation(db, query.subscriberPK),
  claimSearch: ({ db, employerPK, body }) => claimSearch(db, employerPK, body),
  claimEobPdf: ({ db, query }) => claimEobPdf(db, query),

  importList: ({ db, user, employerPK }) => importList(db, { actor: user.sub, employerPK }),
  importUpload: ({ db, user, employerPK, query, body }) =>
    uploadImport(db, { actor: user.sub, employerPK }, { fileName: query.fileName, bytes: body }),
  importRoster: ({ db, user, employerPK, query, body }) =>
    uploadRoster(
      db,
      { actor: user.sub, employerPK },
      { fileName: query.fileName, bytes: body, division: query.division },
    ),
  importView: ({ db, user, employerPK, query }) => importView(db, { actor: user.sub, employerPK }, query.importPK),
  importRows: ({ db, user, employerPK, query }) => importRowsPage(db, { actor: user.sub, employerPK }, query),
  importMapping: ({ db, user, employerPK, body }) => changeImportMapping(db, { actor: user.sub, employerPK }, body),
  importFixRow: ({ db, user, employerPK, body }) => fixImportRow(db, { actor: user.sub, employerPK }, body),
  importCommit: ({ db, user, employerPK, body }) => commitImport(db, { actor: user.sub, employerPK }, body),
  importCancel: ({ db, user, employerPK, body }) => cancelImport(db, { actor: user.sub, employerPK }, body.importPK),
  importWithdraw: ({ db, user, employerPK, body }) =>
    withdrawImport(db, { actor: user.sub, employerPK }, body.importPK),
  importTemplate: ({ db, user, employerPK, query }) =>
    importTemplate(db, { actor: user.sub, employerPK }, query.format),
  importErrorReport: ({ db, user, employerPK, query }) =>
    importErrorReport(db, { actor: user.sub, employerPK }, query.importPK),
  groupSetupTemplate: () => groupSetupTemplate(),
  readGroupWorkbook: ({ query, body }) => readGroupWorkbook(body, query.fileName),
  createGroup: ({ db, user, body, request }) =>
    createGroup(db, { actor: user.sub }, body, { adminOf: (employerPK) => adminOf(user, employerPK, request) }),
  membershipInsight: ({ db, employerPK }) => membershipInsight(db, employerPK),
  enrollmentInsight: ({ db, employerPK }) => enrollmentInsight(db, employerPK),
  requestsInsight: ({ db, employerPK }) => requestsInsight(db, employerPK),
  claimsInsight: ({ db, employerPK }) => claimsInsight(db, employerPK),
  fundingInsight: ({ db, employerPK }) => documentInsightOf(db, employerPK, 'funding'),
  invoiceInsight: ({ db, employerPK }) => documentInsightOf(db, employerPK, 'invoice'),

  memberView: ({ db, user, employerPK, query }) =>
    memberView(db, query.subscriberPK, canAccess(rolesInGroup(user.groupRoles, employerPK), 'claims')),
  memberExport: ({ db, user, employerPK, body, request }) =>
    memberExport({ db, actor: user.sub, employerPK, log: request.log }, body),
  claimExport: ({ db, user, employerPK, body, request }) =>
    claimExport({ db, actor: user.sub, employerPK, log: request.log }, body),
  requestExport: ({ db, user, employerPK, body, request }) =>
    requestExport({ db, actor: user.sub, employerPK, log: request.log }, body),
  fundingReportExport: ({ db, user, employerPK, body, request }) =>
    documentExport({ db, actor: user.sub, employerPK, log: request.log }, 'funding', body),
  invoiceExport: ({ db, user, employerPK, body, request }) =>
    documentExport({ db, actor: user.sub, employerPK, log: request.log }, 'invoice', body),
  specAggFileExport: ({ db, user, employerPK, body, request }) =>
    documentExport({ db, actor: user.sub, employerPK, log: request.log }, 'monthly', body),

  accessReport: ({ db, employerPK, query }) => accessReport(db, employerPK, query),
  accessReportCsv: async ({ db, employerPK, query }) => ({
    fileName: ACCESS_REPORT_FILE_NAME,
    contentType: 'text/csv; charset=utf-8',
    disposition: 'attachment',
    data: accessReportCsv(db, employerPK, query),
  }),
};
