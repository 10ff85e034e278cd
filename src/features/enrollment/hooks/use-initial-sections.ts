import { useEffect, useState } from 'react';
import type { EnrollmentDraft } from '../../../contracts/enrollment';
import { readEnrollmentDraft, updateEnrollmentDraft } from '../../../stores/enrollment-draft-slice';
import { readFormDrafts } from '../lib/form-drafts';
import { mergeSections, sectionsFromDraft } from '../lib/wizard-sections';
import type { WizardSections } from '../lib/wizard-values';

/** What the wizard holds when a step opens: the saved draft overlaid by what was typed since. */
export function useInitialSections(draft: EnrollmentDraft | null): WizardSections {
  const [initial] = useState(() => ({
    sections: mergeSections(sectionsFromDraft(draft), readFormDrafts()),
    requestPK: draft?.requestPK,
    version: draft?.version,
  }));
  useEffect(() => {
    // A draft opened without a version in the store (resumed) is saved against the version shown.
    const enrollment = readEnrollmentDraft();
    if (enrollment.version == null && enrollment.requestPK === initial.requestPK && initial.version !== undefined) {
      updateEnrollmentDraft({ version: initial.version });
    }
  }, [initial]);
  return initial.sections;
}
