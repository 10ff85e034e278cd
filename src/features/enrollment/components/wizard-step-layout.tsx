import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';
import { Deferred } from '../../../components/ui/deferred';
import { WIZARD_STEPS } from '../../../contracts/enrollment';
import type { StepConflict } from '../hooks/use-step-save';
import { DraftConflictDialog } from './draft-conflict-dialog';
import { WizardHeading } from './wizard-heading';
import { asSentence } from '../../../lib/sentence';

type WizardStepLayoutProps = {
  step: 1 | 2 | 3 | 4;
  /** The error summary, above the form. */
  summary?: ReactNode;
  /** Why the last save failed, when it did. */
  failure?: string | null;
  /** A save refused because the draft was saved elsewhere. */
  conflict?: StepConflict | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  actions: ReactNode;
  children: ReactNode;
};

/** Heading, 'Page N of 4', error summary, the step's form and its buttons. */
export function WizardStepLayout({
  step,
  summary,
  failure,
  conflict = null,
  onSubmit,
  actions,
  children,
}: WizardStepLayoutProps) {
  const title = WIZARD_STEPS[step - 1]?.title ?? '';
  return (
    <>
      <WizardHeading title={title} stepLine={`Page ${step} of ${WIZARD_STEPS.length}`} />
      {summary}
      {failure && (
        <Alert severity="error" sx={{ mb: 3 }}>
          Not saved: {asSentence(failure)} Everything you entered is kept; please try again.
        </Alert>
      )}
      {/* The heading paints first; the form's many fields follow in slices (nothing sits below them). */}
      <Deferred>
        {/* In rem, so that enlarged text gets wider fields rather than cut labels. */}
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={title} sx={{ maxWidth: '60rem' }}>
          {children}
          <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 4, flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        </Box>
      </Deferred>
      <DraftConflictDialog conflict={conflict} />
    </>
  );
}
