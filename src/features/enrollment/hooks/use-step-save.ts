import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { enrollmentQueries } from '../../../api/enrollment-queries';
import { isApiError } from '../../../lib/api-client';
import { readEnrollmentDraft, reloadEnrollmentDraft } from '../../../stores/enrollment-draft-slice';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useEnrollmentSave, type SaveInput, type SaveOutcome } from '../api/use-enrollment-save';
import { applyStepServerErrors } from '../lib/server-errors';
import type { WizardSection } from '../lib/wizard-values';

export type WizardPath =
  | '/enroll-subscriber/personal-information'
  | '/enroll-subscriber/employment-information'
  | '/enroll-subscriber/dependent-information'
  | '/enroll-subscriber/choose-a-plan';

type StepNotice = 'exists' | 'startBeforeGroup' | null;

/** A save refused because the draft was saved elsewhere; what was typed stays until the user chooses. */
export type StepConflict = {
  currentVersion: number;
  reloading: boolean;
  /** Reads the draft again and restarts the step from it (typed values are dropped). */
  reload: () => void;
  /** Closes the dialog; the form and the typed values stay as they are. */
  keepEditing: () => void;
};

/**
 * Saving one wizard step: one save at a time (a double click saves once), server field errors put
 * on the form, other failures kept for the step to show, and the notices of spec 1 §8.
 */
export function useStepSave<T extends FieldValues, S extends WizardSection>(form: UseFormReturn<T>, section: S) {
  const navigate = useNavigate();
  const { save } = useEnrollmentSave();
  // The ref refuses re-entry at once; the state disables the buttons on the next render.
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  /** Failed attempts to continue: the error summary takes focus after each. */
  const [attempt, setAttempt] = useState(0);
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<StepNotice>(null);
  const queryClient = useQueryClient();
  const [conflictVersion, setConflictVersion] = useState<number | null>(null);
  const [reloading, setReloading] = useState(false);

  const applyOutcome = (outcome: SaveOutcome): boolean => {
    switch (outcome.kind) {
      case 'saved':
        return true;
      case 'exists':
        setNotice('exists');
        return false;
      case 'startBeforeGroup':
        setNotice('startBeforeGroup');
        return false;
      case 'failed':
        setFailure(outcome.message);
        return false;
      case 'conflict':
        setConflictVersion(outcome.currentVersion);
        return false;
      case 'invalid': {
        const mapped = applyStepServerErrors(form, outcome.error, section);
        if (!mapped) return false;
        setServerMessages(mapped.general);
        if (mapped.startBeforeGroup) setNotice('startBeforeGroup');
        if (mapped.fields.length > 0 || mapped.general.length > 0) setAttempt((a) => a + 1);
        return false;
      }
    }
  };

  /** Saves, then (when saved) goes to `to`; resolves to the outcome, or null when a save was already running. */
  const run = async (
    input: Omit<SaveInput<S>, 'section'>,
    then?: { to: WizardPath } | (() => void | Promise<void>),
  ): Promise<SaveOutcome | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    setServerMessages([]);
    try {
      const outcome = await save({ ...input, section } as SaveInput<S>);
      if (applyOutcome(outcome) && then) {
        if (typeof then === 'function') await then();
        else await navigate({ to: then.to });
      }
      return outcome;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const reload = async () => {
    const { requestPK } = readEnrollmentDraft();
    if (requestPK === null) return;
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...enrollmentQueries.draft(requestPK), staleTime: 0 });
      // Drops the typed values and remounts the step (keyed on the resets), which starts from `fresh`.
      reloadEnrollmentDraft(fresh?.version ?? 1);
      // The dialog's opener went with the old step: announce the restarted step by focusing its heading.
      requestAnimationFrame(() => {
        const heading = document.querySelector<HTMLElement>('main h1');
        heading?.setAttribute('tabindex', '-1');
        heading?.focus();
      });
    } catch (error) {
      setReloading(false);
      setConflictVersion(null);
      setFailure(isApiError(error) ? error.message : 'The server could not be reached. Please try again.');
    }
  };

  const conflict: StepConflict | null =
    conflictVersion === null
      ? null
      : {
          currentVersion: conflictVersion,
          reloading,
          reload: () => void reload(),
          keepEditing: () => setConflictVersion(null),
        };

  return {
    run,
    conflict,
    busy,
    attempt,
    /** Call when the form's own validation failed. */
    failedValidation: () => setAttempt((a) => a + 1),
    serverMessages,
    failure,
    notice,
    closeNotice: () => setNotice(null),
  };
}
