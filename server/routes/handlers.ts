import { changePlanReasons, dropdownLists, listLookup } from '../services/lookups';
import { availablePlans, employerDetails, employerDivisions, tiers } from '../services/employers';
import { dependentEnrollmentDetails, dependentList, listSubscribers, subscriberDetails } from '../services/members';
import { recordPageView } from '../services/analytics';
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

  pageView: async ({ db, user, body }) => {
    await recordPageView(db, user.sub, body.path);
    return { ok: true as const };
  },
};
