import type { FastifyReply } from 'fastify';
import { changePlanReasons, dropdownLists, listLookup } from '../services/lookups';
import { availablePlans, employerDetails, employerDivisions, tiers } from '../services/employers';
import { dependentEnrollmentDetails, dependentList, listSubscribers, subscriberDetails } from '../services/members';
import { recordPageView } from '../services/analytics';
import { createEnrollment, getEnrollmentDraft, updateEnrollment, type SaveResult } from '../services/enrollment';
import { badRequest } from '../lib/problem';
import { etagOf, expectedVersion } from '../lib/etag';
import { requestDependentUpdate, requestSubscriberUpdate } from '../services/demographic-updates';
import { requestDependentTermination, requestSubscriberTermination } from '../services/terminations';
import { CENSUS_FILE_NAME } from '../../src/contracts/census';
import { censusCsv, censusSummaryOf } from '../services/census';
import { documentFile, listDocuments } from '../services/documents';
import { idCardPdfFile, requestIdCard, viewIdCard } from '../services/id-cards';
import { fsaInformation } from '../services/fsa';
import { claimEobFile, searchClaims } from '../services/claims';
import { listRequests } from '../services/request-list';
import { userChangesStatus } from '../services/request-status';
import { requestDetailsOf, requestPdfFile } from '../services/request-details';
import { rolesInGroup } from '../../src/contracts/permissions';
import { ACCESS_REPORT_FILE_NAME } from '../../src/contracts/access-report';
import { accessReport, accessReportCsv } from '../services/access-report';
import {
  acknowledgeCarrierFile,
  carrierFileDownload,
  carrierFileView,
  closeCarrierBatch,
  generateFullFile,
  listCarrierFiles,
} from '../services/carrier-files';
import {
  claimsInsightOf,
  documentInsightOf,
  enrollmentInsightOf,
  membershipInsightOf,
  requestsInsightOf,
} from '../services/insight';
import { memberViewOf } from '../services/member-view';
import { canAccess } from '../../src/contracts/permissions';
import { claimExport, documentExport, memberExport, requestExport } from '../services/list-exports';
import type { AuthUser } from '../auth/verify-token';
import type { Handlers } from './handler-types';

/** The caller of a member request, with their roles in the group the call was authorised for. */
const callerOf = (user: AuthUser, employerPK: number) => ({
  actor: user.sub,
  employerPK,
  roles: rolesInGroup(user.groupRoles, employerPK),
});

/** Thin handlers: each hands the validated, authorised call to a service. */
/** A save's answer; its ETag names the draft's new version (none when nothing was stored). */
function withEtag(reply: FastifyReply, { answer, version }: SaveResult) {
  if (version !== null) reply.header('etag', etagOf(version));
  return answer;
}

export const handlers: Handlers = {
  genderList: ({ db }) => listLookup(db, 'gender'),
  maritalStatusList: ({ db }) => listLookup(db, 'maritalStatus'),
  userTypeList: ({ db }) => listLookup(db, 'userType'),
  stateList: ({ db }) => listLookup(db, 'state'),
  relationshipList: ({ db }) => listLookup(db, 'relationship'),
  payFrequencyList: ({ db }) => listLookup(db, 'payFrequency'),
  terminatePlanReasonList: ({ db }) => listLookup(db, 'terminatePlanReason'),
  changePlanReasonList: ({ db, query }) => changePlanReasons(db, query.needAll),
  dropdownLists: ({ db }) => dropdownLists(db),

  employerDetails: ({ db, employerPK }) => employerDetails(db, employerPK),
  employerDivisions: ({ db, employerPK }) => employerDivisions(db, employerPK),
  availablePlanList: ({ db, query }) => availablePlans(db, query),
  coverageOptions: ({ db, query }) => tiers(db, query),

  subscriberList: ({ db, employerPK, body }) => listSubscribers(db, employerPK, body),
  subscriberDetails: ({ db, query }) => subscriberDetails(db, query.pk),
  dependentList: ({ db, query }) => dependentList(db, query.subscriberPK, query.includetermed),
  dependentEnrollmentDetails: ({ db, query }) => dependentEnrollmentDetails(db, query.dependentPK),

  createEnrollmentRequest: async ({ db, user, body, request, reply }) => {
    const version = expectedVersion(request.headers['if-match'], body.version);
    return withEtag(reply, await createEnrollment(db, user, { ...body, version }));
  },
  updateEnrollmentRequest: async ({ db, user, query, body, request, reply }) => {
    // The query names the request; the service also checks it belongs to the authorised group.
    if (query.requestPK === undefined) {
      throw badRequest('requestPK is required.', { requestPK: ['requestPK is required.'] });
    }
    const version = expectedVersion(request.headers['if-match'], body.version);
    return withEtag(reply, await updateEnrollment(db, user, query.requestPK, body, version));
  },
  getEnrollmentRequest: async ({ db, query, reply }) => {
    const draft = await getEnrollmentDraft(db, query.requestPK);
    reply.header('etag', etagOf(draft.version));
    return draft;
  },

  updateSubscriber: ({ db, user, employerPK, query, body }) =>
    requestSubscriberUpdate(db, callerOf(user, employerPK), query.subscriberPK, body),
  updateDependent: ({ db, user, employerPK, query, body }) =>
    requestDependentUpdate(db, callerOf(user, employerPK), query.dependentPK, body),
  terminateSubscriber: ({ db, user, employerPK, body }) =>
    requestSubscriberTermination(db, callerOf(user, employerPK), body),
  terminateDependent: ({ db, user, employerPK, body }) =>
    requestDependentTermination(db, callerOf(user, employerPK), body),

  requestList: ({ db, employerPK, body }) => listRequests(db, employerPK, body),
  cancelRequest: ({ db, user, employerPK, query }) =>
    userChangesStatus(db, { requestPK: query.requestPK, employerPK }, 'cancel', user.sub),
  hrApproveRequest: ({ db, user, employerPK, query }) =>
    userChangesStatus(db, { requestPK: query.requestPK, employerPK }, 'hrApprove', user.sub),
  requestDetails: ({ db, query }) => requestDetailsOf(db, query.requestPK, query.needsView),
  viewEnrollmentPdf: ({ db, query }) => requestPdfFile(db, query.requestPK),

  pageView: async ({ db, user, body }) => {
    await recordPageView(db, user.sub, body.path);
    return { ok: true as const };
  },

  censusReport: async ({ db, user, employerPK, body, request }) => ({
    fileName: CENSUS_FILE_NAME,
    contentType: 'text/csv; charset=utf-8',
    disposition: 'attachment',
    data: censusCsv(db, { actor: user.sub, employerPK, query: body, log: request.log }),
  }),
  censusSummary: ({ db, employerPK, body }) => censusSummaryOf(db, employerPK, body),
  carrierFileList: ({ db, employerPK, body }) => listCarrierFiles(db, employerPK, body),
  carrierFile: ({ db, employerPK, query }) => carrierFileDownload(db, employerPK, query.carrierFilePK),
  carrierFileView: ({ db, employerPK, query }) => carrierFileView(db, employerPK, query.carrierFilePK, query.page),
  closeCarrierBatch: async ({ db, user, employerPK }) => ({ file: await closeCarrierBatch(db, employerPK, user.sub) }),
  generateFullFile: async ({ db, user, employerPK }) => ({ file: await generateFullFile(db, employerPK, user.sub) }),
  carrierAcknowledgment: ({ db, employerPK, body }) => acknowledgeCarrierFile(db, employerPK, body.content),
  fundingReportList: ({ db, employerPK, body }) => listDocuments(db, employerPK, 'funding', body),
  invoiceList: ({ db, employerPK, body }) => listDocuments(db, employerPK, 'invoice', body),
  specAggFileList: ({ db, employerPK, body }) => listDocuments(db, employerPK, 'monthly', body),
  getFundingReport: ({ db, employerPK, query }) => documentFile(db, employerPK, 'funding', query.fileName),
  getInvoice: ({ db, employerPK, query }) => documentFile(db, employerPK, 'invoice', query.fileName),
  specAggFile: ({ db, employerPK, query }) => documentFile(db, employerPK, 'monthly', query.file),

  requestIdCard: ({ db, user, query }) => requestIdCard(db, user.sub, query.subscriberPK),
  viewIdCard: ({ db, query }) => viewIdCard(db, query.subscriberPK, query.idCardPK),
  idCardPdf: ({ db, query }) => idCardPdfFile(db, query),
  fsaInformation: ({ db, query }) => fsaInformation(db, query.subscriberPK),
  claimSearch: ({ db, employerPK, body }) => searchClaims(db, employerPK, body),
  claimEobPdf: ({ db, query }) => claimEobFile(db, query),

  membershipInsight: ({ db, employerPK }) => membershipInsightOf(db, employerPK),
  enrollmentInsight: ({ db, employerPK }) => enrollmentInsightOf(db, employerPK),
  requestsInsight: ({ db, employerPK }) => requestsInsightOf(db, employerPK),
  claimsInsight: ({ db, employerPK }) => claimsInsightOf(db, employerPK),
  fundingInsight: ({ db, employerPK }) => documentInsightOf(db, employerPK, 'funding'),
  invoiceInsight: ({ db, employerPK }) => documentInsightOf(db, employerPK, 'invoice'),

  memberView: ({ db, user, employerPK, query }) =>
    memberViewOf(db, query.subscriberPK, canAccess(rolesInGroup(user.groupRoles, employerPK), 'claims')),
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
