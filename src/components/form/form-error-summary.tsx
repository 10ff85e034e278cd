import { useFormState, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ErrorSummary } from './error-summary';
import { fieldId } from './field-messages';
import { flattenFieldErrors, sortByFieldOrder } from './flatten-field-errors';

type FormErrorSummaryProps<T extends FieldValues, TOut> = {
  form: Pick<UseFormReturn<T, unknown, TOut>, 'control' | 'setFocus'>;
  /** Field names and labels in screen order. */
  fields: readonly { name: FieldPath<T>; label: string }[];
  idPrefix: string;
  /** Failed submits: the summary takes focus after each (give the form `shouldFocusError: false`). */
  attempt: number;
};

/** The errors of a small form (a filter form) at its top, focused after a failed submit. */
export function FormErrorSummary<T extends FieldValues, TOut = T>({
  form,
  fields,
  idPrefix,
  attempt,
}: FormErrorSummaryProps<T, TOut>) {
  const { errors } = useFormState({ control: form.control });
  const labels = new Map<string, string>(fields.map((field) => [field.name, field.label]));
  const items = sortByFieldOrder(
    flattenFieldErrors(errors),
    fields.map((field) => field.name),
  ).map(({ name, message }) => ({ name, label: labels.get(name), message, fieldId: fieldId(name, idPrefix) }));
  return (
    <ErrorSummary
      items={items}
      focusKey={attempt}
      onSelect={(item) => item.name && form.setFocus(item.name as FieldPath<T>)}
    />
  );
}
