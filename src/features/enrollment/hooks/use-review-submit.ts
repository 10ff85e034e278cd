import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { enrollmentQueries } from '../../../api/enrollment-queries';
import { asSentence } from '../../../lib/sentence';
import { clearEnrollmentDraft } from '../../../stores/enrollment-draft-slice';
import { useEnrollmentSave } from '../api/use-enrollment-save';
import { applyStepServerErrors } from '../lib/server-errors';
import type { PlanValues } from '../lib/wizard-values';

type ReviewNotice = 'exists' | 'startBeforeGroup' | null;

const CONFLICT_MESSAGE =
  'This enrollment was changed elsewhere, so nothing was submitted. Open a step to see the enrollment as it is now saved.';

/**
 * Submit on the review page: the whole request once more with `submit`, one at a time. Refusals
 * are kept for the page to list (each naming its step), the spec's notices opened.
 */
export function useReviewSubmit(plan: PlanValues | undefined, onSubmitted: () => void) {
  const { save } = useEnrollmentSave();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  /** Failed submits: the error summary takes focus after each. */
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<ReviewNotice>(null);

  const fail = (next: string[]) => {
    setMessages(next);
    setAttempt((a) => a + 1);
  };

  const submit = async () => {
    if (inFlight.current || !plan) return;
    inFlight.current = true;
    setBusy(true);
    setMessages([]);
    try {
      const outcome = await save({ section: 'plan', saveStep: 4, values: plan, submit: true, checkGroupStart: true });
      switch (outcome.kind) {
        case 'saved':
          onSubmitted();
          // The request is submitted: nothing of it stays in this browser.
          clearEnrollmentDraft();
          queryClient.removeQueries({ queryKey: enrollmentQueries.drafts() });
          return;
        case 'exists':
        case 'startBeforeGroup':
          setNotice(outcome.kind);
          return;
        case 'conflict':
          return fail([CONFLICT_MESSAGE]);
        case 'failed':
          return fail([
            `Not submitted: ${asSentence(outcome.message)} Everything you entered is kept; please try again.`,
          ]);
        case 'invalid': {
          const mapped = applyStepServerErrors(null, outcome.error, 'plan');
          if (mapped?.startBeforeGroup) setNotice('startBeforeGroup');
          if (mapped && mapped.general.length > 0) fail(mapped.general);
          return;
        }
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return { submit, busy, messages, attempt, notice, closeNotice: () => setNotice(null) };
}
