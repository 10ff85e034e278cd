import { useFormState, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ErrorSummary } from '../../../components/form/error-summary';
import { fieldId } from '../../../components/form/field-messages';
import { flattenFieldErrors, sortByFieldOrder } from '../../../components/form/flatten-field-errors';
import { fieldOrderOf, labelOf } from '../lib/field-labels';
import type { WizardSection } from '../lib/wizard-values';

type StepErrorSummaryProps<T extends FieldValues> = {
  form: UseFormReturn<T>;
  section: WizardSection;
  /** Failed attempts to continue; nothing shows before the first. */
  attempt: number;
  /** Messages that belong to no field of this form. */
  extra?: readonly string[];
  /** Label of a field path, when the section's own labels are not enough. */
  describe?: (name: string) => string | undefined;
  /** Moves to a field; default: react-hook-form focus. */
  onSelect?: (name: string) => void;
};

/** Every current error of a step's form (and the server's other messages), once Next has failed. */
export function StepErrorSummary<T extends FieldValues>({
  form,
  section,
  attempt,
  extra = [],
  describe,
  onSelect,
}: StepErrorSummaryProps<T>) {
  const { errors } = useFormState({ control: form.control });
  if (attempt === 0) return null;
  const messages = sortByFieldOrder(flattenFieldErrors(errors), fieldOrderOf(section));
  const items = [
    ...messages.map((m) => ({
      name: m.name,
      label: describe?.(m.name) ?? labelOf(section, m.name),
      message: m.message,
      fieldId: fieldId(m.name),
    })),
    ...extra.map((message) => ({ message })),
  ];
  return (
    <ErrorSummary
      items={items}
      focusKey={attempt}
      onSelect={(item) => {
        if (!item.name) return;
        if (onSelect) onSelect(item.name);
        else form.setFocus(item.name as FieldPath<T>);
      }}
    />
  );
}
