import Button from '@mui/material/Button';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { enrollmentQueries } from '../../../api/enrollment-queries';
import type { DropdownLists } from '../../../contracts/lookups';
import { useEnrollmentResets } from '../../../stores/enrollment-draft-slice';
import { useDependentsEditor } from '../hooks/use-dependents-editor';
import { useFormDraftAutosave } from '../hooks/use-form-draft-autosave';
import { useInitialSections } from '../hooks/use-initial-sections';
import { useStepSave, type WizardPath } from '../hooks/use-step-save';
import { useWizardPointers } from '../hooks/use-wizard-pointers';
import { labelOf } from '../lib/field-labels';
import { personOptions } from '../lib/lookup-options';
import { dependentsResolver } from '../lib/dependents-resolver';
import { dependentName, emptyDependent, isBlankDependent, type DependentsValues } from '../lib/wizard-values';
import { CancelEnrollment } from './cancel-enrollment';
import { DependentsEditor } from './dependents-editor';
import { StepErrorSummary } from './step-error-summary';
import { WizardStepLayout } from './wizard-step-layout';

type PageProps = { lists: DropdownLists };

const NO_DEPENDENTS: DependentsValues = { hasDependents: false, dependents: [] };

export function DependentInformationPage({ lists }: PageProps) {
  const resets = useEnrollmentResets();
  return <DependentInformationStep key={resets} lists={lists} />;
}

function firstInvalidIndex(errors: FieldErrors<DependentsValues>): number | undefined {
  const list = errors.dependents;
  if (!list || !Array.isArray(list)) return undefined;
  const index = list.findIndex((item) => item !== undefined && item !== null);
  return index === -1 ? undefined : index;
}

/** Step 3: starts with one empty dependent form (spec 1 §2, §4). */
function DependentInformationStep({ lists }: PageProps) {
  const pointers = useWizardPointers();
  const { data: draft } = useSuspenseQuery(enrollmentQueries.draft(pointers.requestPK));
  const sections = useInitialSections(draft);
  const existingMember = pointers.subscriberPK !== null;
  const options = useMemo(() => personOptions(lists), [lists]);

  const resolver = useMemo(() => dependentsResolver(existingMember), [existingMember]);
  const [defaultValues] = useState<DependentsValues>(() => {
    const saved = sections.dependents?.dependents ?? [];
    return { dependents: saved.length > 0 ? saved : [emptyDependent()] };
  });
  const form = useForm<DependentsValues>({ defaultValues, resolver, criteriaMode: 'all', shouldFocusError: false });
  const autosave = useFormDraftAutosave('dependents', form);
  const step = useStepSave(form, 'dependents');
  const editor = useDependentsEditor(form, step.failedValidation);

  const saveDependents = (to: WizardPath) =>
    form.handleSubmit(
      () =>
        step.run({ saveStep: 3, values: { hasDependents: true, dependents: form.getValues('dependents') } }, { to }),
      (errors) => {
        const index = firstInvalidIndex(errors);
        if (index !== undefined) editor.show(index);
        step.failedValidation();
      },
    )();

  const saveWithout = (to: WizardPath) => {
    autosave.discardPending();
    void step.run({ saveStep: 3, values: NO_DEPENDENTS }, { to });
  };

  const back = () => {
    const dependents = form.getValues('dependents');
    // Leaving an untouched blank form is going back without dependents, not an error.
    if (dependents.length === 1 && dependents[0] && isBlankDependent(dependents[0])) {
      saveWithout('/enroll-subscriber/employment-information');
    } else void saveDependents('/enroll-subscriber/employment-information');
  };

  const describe = (name: string) => {
    const index = Number(/^dependents\.(\d+)\./.exec(name)?.[1] ?? NaN);
    const label = labelOf('dependents', name);
    if (Number.isNaN(index)) return label;
    const who = dependentName(form.getValues(`dependents.${index}`), index);
    return `${who} – ${label ?? name}`;
  };

  return (
    <WizardStepLayout
      step={3}
      onSubmit={(event) => {
        event.preventDefault();
        void saveDependents('/enroll-subscriber/choose-a-plan');
      }}
      failure={step.failure}
      conflict={step.conflict}
      summary={
        <StepErrorSummary
          form={form}
          section="dependents"
          attempt={step.attempt}
          extra={step.serverMessages}
          describe={describe}
          onSelect={(name) => {
            const index = Number(/^dependents\.(\d+)\./.exec(name)?.[1] ?? 0);
            editor.show(index);
            // The fields of another dependent mount on the next render.
            setTimeout(() => form.setFocus(name as `dependents.${number}.firstName`), 0);
          }}
        />
      }
      actions={
        <>
          <Button variant="outlined" disabled={step.busy} onClick={back}>
            Back
          </Button>
          <CancelEnrollment disabled={step.busy} />
          <Button type="submit" variant="contained" disabled={step.busy}>
            Next
          </Button>
        </>
      }
    >
      <DependentsEditor
        control={form.control}
        editor={editor}
        options={options}
        disabled={step.busy}
        onSkip={() => saveWithout('/enroll-subscriber/choose-a-plan')}
      />
    </WizardStepLayout>
  );
}
