import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { enrollmentQueries } from '../../../api/enrollment-queries';
import type { Problem } from '../../../contracts/common';
import { endpoints } from '../../../contracts/endpoints';
import type { EnrollmentRequest } from '../../../contracts/enrollment';
import { useEmployerPK } from '../../../hooks/use-session';
import { callEndpoint, isApiError, type ApiError, type CallOptions } from '../../../lib/api-client';
import { readEnrollmentDraft, updateEnrollmentDraft } from '../../../stores/enrollment-draft-slice';
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
  /** Saved elsewhere since this tab loaded it (409): nothing was stored. */
  | { kind: 'conflict'; currentVersion: number }
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

/** A 409 naming the stored version: the draft was saved elsewhere since this tab read it. */
const isConflict = (problem: Problem) => problem.status === 409 && problem.currentVersion !== undefined;

/** The version an ETag (`W/"3"` or `"3"`) names. */
function versionOfEtag(etag: string | null): number | null {
  const match = /^(?:W\/)?"(\d+)"$/.exec(etag ?? '');
  return match ? Number(match[1]) : null;
}

type SaveCall = { requestPK: number | null; body: EnrollmentRequest };

/** One create or update; answers the draft's new version from the answer's ETag. */
async function saveCall({ requestPK, body }: SaveCall) {
  let version: number | null = null;
  const options: CallOptions<never> = {
    onHeaders: (headers) => (version = versionOfEtag(headers.get('etag'))),
    // The conflict has a dialog of its own; other failures keep the shared notice.
    notify: (problem) => !isConflict(problem),
  };
  const answer =
    requestPK === null
      ? await callEndpoint(endpoints.createEnrollmentRequest, { body }, options)
      : await callEndpoint(endpoints.updateEnrollmentRequest, { query: { requestPK }, body }, options);
  return { answer, version: version as number | null };
}

/**
 * Saves the whole request as far as it is filled in: the saved draft, overlaid by what was typed on
 * every step, with this step's values. Creates the request on the first save, updates it after.
 */
export function useEnrollmentSave() {
  const queryClient = useQueryClient();
  const employerPK = useEmployerPK();
  const { mutateAsync, isPending } = useMutation<Awaited<ReturnType<typeof saveCall>>, ApiError, SaveCall>({
    mutationFn: saveCall,
  });

  const save = useCallback(
    async <S extends WizardSection>(input: SaveInput<S>): Promise<SaveOutcome> => {
      const stored = readEnrollmentDraft();
      const pointers: RequestPointers = input.pointers ?? {
        employerPK,
        requestPK: stored.requestPK,
        subscriberPK: stored.subscriberPK,
        changeReasonPK: stored.changeReasonPK,
      };
      const ownsStore = input.pointers === undefined;
      // The version this tab's values start from; the loaded draft's when the store has none yet.
      const storedVersion = stored.requestPK === pointers.requestPK ? stored.version : undefined;
      if (ownsStore) writeFormDraft(input.section, input.values);
      try {
        const saved =
          pointers.requestPK === null
            ? null
            : await queryClient.ensureQueryData(enrollmentQueries.draft(pointers.requestPK));
        // What was typed on the other steps still belongs to this request unless the store moved on.
        const typed = ownsStore || stored.requestPK === pointers.requestPK ? readFormDrafts() : {};
        const sections: WizardSections = {
          ...mergeSections(sectionsFromDraft(saved), typed),
          [input.section]: input.values,
        };
        if (input.checkGroupStart && startsBeforeGroup(sections)) return { kind: 'startBeforeGroup' };

        const version = storedVersion ?? saved?.version;
        const body: EnrollmentRequest = {
          ...buildEnrollmentRequest({ saveStep: input.saveStep, pointers, sections, submit: input.submit }),
          ...(version !== undefined && { version }),
        };
        const { answer, version: newVersion } = await mutateAsync({ requestPK: pointers.requestPK, body });
        if (answer.hasError) return { kind: 'exists' };

        if (newVersion !== null && readEnrollmentDraft().requestPK === answer.requestPK) {
          updateEnrollmentDraft({ version: newVersion });
        }
        if (ownsStore && !input.submit) {
          const step = Math.max(readEnrollmentDraft().step ?? 0, input.saveStep);
          updateEnrollmentDraft({ requestPK: answer.requestPK, step, version: newVersion ?? undefined });
          // The next step restores from the draft: it must be the one just saved.
          await queryClient.invalidateQueries({ queryKey: enrollmentQueries.draft(answer.requestPK).queryKey });
        }
        return { kind: 'saved', requestPK: answer.requestPK };
      } catch (error) {
        if (isApiError(error) && isConflict(error.problem)) {
          return { kind: 'conflict', currentVersion: error.problem.currentVersion! };
        }
        if (isApiError(error) && error.status === 400 && error.problem.errors) {
          return { kind: 'invalid', error };
        }
        const message = isApiError(error) ? error.message : 'The server could not be reached. Please try again.';
        return { kind: 'failed', message };
      }
    },
    [mutateAsync, employerPK, queryClient],
  );

  return { save, isSaving: isPending };
}
