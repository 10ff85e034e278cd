import { endpoints } from '../../../contracts/endpoints';
import { callEndpoint } from '../../../lib/api-client';

/** Fire and forget: tracking must never bother the user. */
export function sendPageView(path: string): void {
  callEndpoint(endpoints.pageView, { body: { path } }, { notify: false }).catch(() => undefined);
}
