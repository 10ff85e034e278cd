import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importQueries } from '../../api/import-queries';
import type { EndpointInput, EndpointResponse } from '../../contracts/endpoint';
import type { endpoints } from '../../contracts/endpoints';
import type { ImportView } from '../../contracts/imports';
import { callEndpoint, type ApiError } from '../../lib/api-client';

type ImportChangeEndpoint =
  | typeof endpoints.importMapping
  | typeof endpoints.importFixRow
  | typeof endpoints.importCancel
  | typeof endpoints.importWithdraw;

/** The view an answer carries (the fix answers { view, rows }). */
const viewOf = (answer: ImportView | { view: ImportView }): ImportView => ('view' in answer ? answer.view : answer);

/**
 * A change of an upload. Failures are shown by the panel that made the change (not notified by the
 * call layer). On success the answer's view is kept at once and everything about uploads (counts,
 * rows, the recent list) is fetched again before the caller's onSuccess.
 */
export function useImportChange<E extends ImportChangeEndpoint>(endpoint: E, employerPK: number, importPK: number) {
  const queryClient = useQueryClient();
  return useMutation<EndpointResponse<E>, ApiError, EndpointInput<E>>({
    mutationKey: [...importQueries.all(), endpoint.path],
    mutationFn: (input) => callEndpoint(endpoint, input, { notify: false }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(importQueries.view(employerPK, importPK).queryKey, viewOf(answer as ImportView));
      await queryClient.invalidateQueries({ queryKey: importQueries.all() });
    },
  });
}
