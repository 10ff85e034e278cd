import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { enrollmentResets } from '../../../stores/enrollment-draft-slice';
import { writeFormDraft } from '../lib/form-drafts';
import type { WizardSection, WizardSections } from '../lib/wizard-values';

const DELAY_MS = 400;

/**
 * Keeps what is typed in a step's form in sessionStorage (SSNs removed), a moment after each
 * change and when the page is left or reloaded, so that nothing typed is lost.
 * `discardPending` drops a write not yet made, for a save that stores other values than the form's
 * (Skip saves no dependents whatever the form holds).
 */
export function useFormDraftAutosave<S extends WizardSection>(
  section: S,
  form: UseFormReturn<NonNullable<WizardSections[S]>>,
) {
  const pending = useRef(false);
  useEffect(() => {
    // A clear (cancel, submit, a new enrollment) ends this form's draft: no late write may revive it.
    const resets = enrollmentResets();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      if (!pending.current) return;
      pending.current = false;
      if (enrollmentResets() === resets) writeFormDraft(section, form.getValues());
    };
    const { unsubscribe } = form.watch(() => {
      pending.current = true;
      clearTimeout(timer);
      timer = setTimeout(flush, DELAY_MS);
    });
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [form, section]);
  return {
    discardPending: () => {
      pending.current = false;
    },
  };
}
