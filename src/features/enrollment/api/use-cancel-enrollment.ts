import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enrollmentQueries } from '../../../api/enrollment-queries';
import { endpoints } from '../../../contracts/endpoints';
import { callEndpoint, isApiError } from '../../../lib/api-client';
import { notify } from '../../../stores/notification-store';
import { clearEnrollmentDraft } from '../../../stores/enrollment-draft-slice';

// Answers after which the request is gone for this wizard anyway: not cancellable on the server
// yet (501), already gone (404) or no longer cancellable (409).
const CLEAR_ANYWAY = [501, 404, 409];

/**
 * Cancels the current request and clears the wizard. When the server cannot cancel it (yet), the
 * wizard is still cleared here and the user is told the request stays on file.
 */
export function useCancelEnrollment() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (requestPK: number) => {
      try {
        await callEndpoint(endpoints.cancelRequest, { query: { requestPK } }, { notify: false });
        return 'cancelled' as const;
      } catch (error) {
        if (isApiError(error) && CLEAR_ANYWAY.includes(error.status)) return 'clearedLocally' as const;
        throw error;
      }
    },
    onSuccess: (outcome) => {
      clearEnrollmentDraft();
      queryClient.removeQueries({ queryKey: enrollmentQueries.drafts() });
      notify(
        outcome === 'cancelled'
          ? { severity: 'success', title: 'Enrollment cancelled' }
          : {
              severity: 'info',
              title: 'Enrollment cleared',
              message:
                'The request could not be cancelled on the server, so it stays in Enrollment Submissions as it was last saved. This form has been cleared.',
            },
      );
    },
    onError: (error) => {
      const detail = isApiError(error) ? error.message : undefined;
      notify({ title: 'The enrollment was not cancelled', message: detail ?? 'Please try again.' });
    },
  });
  return mutation;
}
