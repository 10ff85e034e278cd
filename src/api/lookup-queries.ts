import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '../contracts/endpoints';
import type { LookupKind } from '../contracts/lookups';
import { endpointQueryOptions } from '../lib/endpoint-query';

/** Lookup lists without parameters, by kind. */
const LIST_ENDPOINTS = {
  gender: endpoints.genderList,
  maritalStatus: endpoints.maritalStatusList,
  userType: endpoints.userTypeList,
  state: endpoints.stateList,
  relationship: endpoints.relationshipList,
  payFrequency: endpoints.payFrequencyList,
  terminatePlanReason: endpoints.terminatePlanReasonList,
} satisfies Record<Exclude<LookupKind, 'changePlanReason'>, unknown>;

type SimpleLookupKind = keyof typeof LIST_ENDPOINTS;

// Lookups are fetched once per sign-in; the cache is cleared at logout.
const ONCE = { staleTime: Infinity, gcTime: Infinity } as const;

const ROOT = 'lookups';

/** Keys are ['lookups', kind, input]. */
export const lookupQueries = {
  all: () => [ROOT] as const,
  dropdowns: () => queryOptions({ ...endpointQueryOptions(ROOT, 'dropdowns', endpoints.dropdownLists, {}), ...ONCE }),
  list: (kind: SimpleLookupKind) =>
    queryOptions({ ...endpointQueryOptions(ROOT, kind, LIST_ENDPOINTS[kind], {}), ...ONCE }),
  changePlanReasons: (needAll = false) =>
    queryOptions({
      ...endpointQueryOptions(ROOT, 'changePlanReason', endpoints.changePlanReasonList, { query: { needAll } }),
      ...ONCE,
    }),
};
