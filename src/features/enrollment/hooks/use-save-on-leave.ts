import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useEnrollmentSave } from '../api/use-enrollment-save';
import type { RequestPointers } from '../lib/wizard-sections';
import type { PlanValues } from '../lib/wizard-values';

/**
 * Leaving the plan page by any other way than its own buttons (the menu, the browser's Back) saves
 * step 4, best effort: the navigation is not held up and a refused save is not reported here.
 * `handled` is set by the page's own ways out (Back, Submit, the start-date notice).
 */
export function useSaveOnLeave(pointers: RequestPointers, getValues: () => PlanValues, handled: RefObject<boolean>) {
  const { save } = useEnrollmentSave();
  const latest = useRef({ save, getValues });
  useEffect(() => {
    latest.current = { save, getValues };
  });

  const shouldBlockFn = useCallback(() => {
    if (handled.current || pointers.requestPK === null) return false;
    handled.current = true;
    // Read now: the menu may clear the store (and remount this page) right after.
    const values = latest.current.getValues();
    void latest.current.save({ section: 'plan', saveStep: 4, values, checkGroupStart: true, pointers });
    return false;
  }, [handled, pointers]);

  useBlocker({ shouldBlockFn, enableBeforeUnload: false });
}
