import { changePlanReasons, dropdownLists, listLookup } from '../services/lookups';
import { availablePlans, employerDetails, employerDivisions, tiers } from '../services/employers';
import { dependentEnrollmentDetails, dependentList, listSubscribers, subscriberDetails } from '../services/members';
import { recordPageView } from '../services/analytics';
import { createEnrollment, getEnrollmentDraft, updateEnrollment } from '../services/enrollment';
import { badRequest } from '../lib/problem';
import { requestDependentUpdate, requestSubscriberUpdate } from '../services/member-requests';
import { requestDependentTermination, requestSubscriberTermination } from '../services/terminations';
import type { Handlers } from './handler-types';

/** Thin handlers: each hands the validated, authorised call to a service. */
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

  createEnrollmentRequest: ({ db, user, body }) => createEnrollment(db, user, body),
  updateEnrollmentRequest: async ({ db, user, query, body }) => {
    // The query names the request; the service also checks it belongs to the authorised group.
    if (query.requestPK === undefined) {
      throw badRequest('requestPK is required.', { requestPK: ['requestPK is required.'] });
    }
    return updateEnrollment(db, user, query.requestPK, body);
  },
  getEnrollmentRequest: ({ db, query }) => getEnrollmentDraft(db, query.requestPK),

  updateSubscriber: ({ db, user, employerPK, query, body }) =>
    requestSubscriberUpdate(db, { actor: user.sub, employerPK }, query.subscriberPK, body),
  updateDependent: ({ db, user, employerPK, query, body }) =>
    requestDependentUpdate(db, { actor: user.sub, employerPK }, query.dependentPK, body),
  terminateSubscriber: ({ db, user, employerPK, body }) =>
    requestSubscriberTermination(db, { actor: user.sub, employerPK }, body),
  terminateDependent: ({ db, user, employerPK, body }) =>
    requestDependentTermination(db, { actor: user.sub, employerPK }, body),

  pageView: async ({ db, user, body }) => {
    await recordPageView(db, user.sub, body.path);
    return { ok: true as const };
  },
};
