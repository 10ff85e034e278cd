import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';

const ROOT = 'myAccount';

/**
 * The signed-in user's own account (My Account): second factors and sessions. Keys are
 * ['myAccount', verb, input]; the passkey queries (src/api/passkey-queries.ts) share the root and the
 * `me` key, so both read one answer and every change invalidates `all()`.
 */
export const myAccountQueries = {
  all: () => [ROOT] as const,
  me: () => endpointQueryOptions(ROOT, 'me', endpoints.myAccount, {}),
};
