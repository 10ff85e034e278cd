import { useState } from 'react';
import type { EnrollmentDraft } from '../../../contracts/enrollment';
import { readFormDrafts } from '../lib/form-drafts';
import { mergeSections, sectionsFromDraft } from '../lib/wizard-sections';
import type { WizardSections } from '../lib/wizard-values';

/** What the wizard holds when a step opens: the saved draft overlaid by what was typed since. */
export function useInitialSections(draft: EnrollmentDraft | null): WizardSections {
  const [sections] = useState(() => mergeSections(sectionsFromDraft(draft), readFormDrafts()));
  return sections;
}
