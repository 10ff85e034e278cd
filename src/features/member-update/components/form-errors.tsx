import type { FieldErrors, FieldValues } from 'react-hook-form';
import { ErrorSummary } from '../../../components/form/error-summary';
import { fieldId } from '../../../components/form/field-messages';
import { flattenFieldErrors, sortByFieldOrder } from '../../../components/form/flatten-field-errors';

type FormErrorsProps<T extends FieldValues> = {
  errors: FieldErrors<T>;
  /** Field names and labels in screen order. */
  fields: readonly { name: string; label: string }[];
  idPrefix: string;
  focusKey: number;
  onSelect: (name: string) => void;
};

/** Every error of an update form at its top (spec 1 §5: all errors listed together). */
export function FormErrors<T extends FieldValues>({
  errors,
  fields,
  idPrefix,
  focusKey,
  onSelect,
}: FormErrorsProps<T>) {
  const labels = new Map(fields.map((field) => [field.name, field.label]));
  const items = sortByFieldOrder(
    flattenFieldErrors(errors),
    fields.map((field) => field.name),
  ).map(({ name, message }) => {
    const label = labels.get(name);
    return label ? { name, label, message, fieldId: fieldId(name, idPrefix) } : { message };
  });
  return <ErrorSummary items={items} focusKey={focusKey} onSelect={(item) => item.name && onSelect(item.name)} />;
}
