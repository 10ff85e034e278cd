import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { enrollmentQueries } from '../../../api/enrollment-queries';
import { endpoints } from '../../../contracts/endpoints';
import { useEmployerPK } from '../../../hooks/use-session';
import { isApiError, type ApiError } from '../../../lib/api-client';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { useAppStore } from '../../../stores/app-store';
import { readFormDrafts, writeFormDraft } from '../lib/form-drafts';
import {
  buildEnrollmentRequest,
  mergeSections,
  sectionsFromDraft,
  startsBeforeGroup,
  type RequestPointers,
} from '../lib/wizard-sections';
import type { WizardSection, WizardSections } from '../lib/wizard-values';

export type SaveOutcome =
  | { kind: 'saved'; requestPK: number }
  | { kind: 'exists' }
  | { kind: 'startBeforeGroup' }
  | { kind: 'invalid'; error: ApiError }
  | { kind: 'failed'; message: string };

export type SaveInput<S extends WizardSection = WizardSection> = {
  saveStep: 1 | 2 | 3 | 4;
  /** The step's own values, as typed (SSNs included: they go to the server, not to storage). */
  section: S;
  values: NonNullable<WizardSections[S]>;
  submit?: boolean;
  /** Refuse to save when the subscriber would start before the group (plan page). */
  checkGroupStart?: boolean;
  /**
   * The request to save, when it is not the store's current one (a save on leaving the page, which
   * may run after the store was cleared). Such a save leaves the store alone.
   */
  pointers?: RequestPointers;
};

/**
 * Saves the whole request as far as it is filled in: the saved draft, overlaid by what was typed on
 * every step, with this step's values. Creates the request on the first save, updates it after.
 */
export function useEnrollmentSave() {
  const queryClient = useQueryClient();
  const employerPK = useEmployerPK();
  const create = useEndpointMutation(endpoints.createEnrollmentRequest);
  const update = useEndpointMutation(endpoints.updateEnrollmentRequest);
  const { mutateAsync: createAsync } = create;
  const { mutateAsync: updateAsync } = update;

  const save = useCallback(
    async <S extends WizardSection>(input: SaveInput<S>): Promise<SaveOutcome> => {
      const store = useAppStore.getState();
      const pointers: RequestPointers = input.pointers ?? {
        employerPK,
        requestPK: store.enrollment.requestPK,
        subscriberPK: store.enrollment.subscriberPK,
        changeReasonPK: store.enrollment.changeReasonPK,
      };
      const ownsStore = input.pointers === undefined;
      if (ownsStore) writeFormDraft(input.section, input.values);
      try {
        const saved =
          pointers.requestPK === null
            ? null
            : await queryClient.ensureQueryData(enrollmentQueries.draft(pointers.requestPK));
        // What was typed on the other steps still belongs to this request unless the store moved on.
        const typed = ownsStore || store.enrollment.requestPK === pointers.requestPK ? readFormDrafts() : {};
        const sections: WizardSections = {
          ...mergeSections(sectionsFromDraft(saved), typed),
          [input.section]: input.values,
        };
        if (input.checkGroupStart && startsBeforeGroup(sections)) return { kind: 'startBeforeGroup' };

        const body = buildEnrollmentRequest({ saveStep: input.saveStep, pointers, sections, submit: input.submit });
        const answer =
          pointers.requestPK === null
            ? await createAsync({ body })
            : await updateAsync({ query: { requestPK: pointers.requestPK }, body });
        if (answer.hasError) return { kind: 'exists' };

        if (ownsStore && !input.submit) {
          const step = Math.max(useAppStore.getState().enrollment.step ?? 0, input.saveStep);
          useAppStore.getState().updateDraft({ requestPK: answer.requestPK, step });
          // The next step restores from the draft: it must be the one just saved.
          await queryClient.invalidateQueries({ queryKey: enrollmentQueries.draft(answer.requestPK).queryKey });
        }
        return { kind: 'saved', requestPK: answer.requestPK };
      } catch (error) {
        if (isApiError(error) && error.status === 400 && error.problem.errors) {
          return { kind: 'invalid', error };
        }
        const message = isApiError(error) ? error.message : 'The server could not be reached. Please try again.';
        return { kind: 'failed', message };
      }
    },
    [createAsync, updateAsync, employerPK, queryClient],
  );

  return { save, isSaving: create.isPending || update.isPending };
}
