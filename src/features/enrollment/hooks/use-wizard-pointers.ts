import { useState } from 'react';
import { useEmployerPK } from '../../../hooks/use-session';
import { readEnrollmentDraft } from '../../../stores/enrollment-draft-slice';
import type { RequestPointers } from '../lib/wizard-sections';

/**
 * The request a step works on, as it was when the step opened. A step stays on its request even
 * when the store moves on under it (a first save creating the request, a clear before leaving).
 */
export function useWizardPointers(): RequestPointers {
  const employerPK = useEmployerPK();
  const [pointers] = useState<RequestPointers>(() => {
    const { requestPK, subscriberPK, changeReasonPK } = readEnrollmentDraft();
    return { employerPK, requestPK, subscriberPK, changeReasonPK };
  });
  return pointers;
}
