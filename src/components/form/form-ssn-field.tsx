import TextField from '@mui/material/TextField';
import { PatternFormat } from 'react-number-format';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { helperNode } from './field-helper-text';
import { fieldId, messagesOf } from './field-messages';
import type { FormFieldBaseProps } from './form-text-field';

type FormSsnFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = FormFieldBaseProps<T, N, TOut> & {
  /** Last four digits of an SSN already on file: shown as a hint while nothing is typed. */
  storedLast4?: string | null;
};

/** Digits as the masked text the schemas check: '123-45-6789', or the typed part ('123-4'). */
export function formatSsnDigits(digits: string): string {
  const d = digits.replace(/\D/g, '').slice(0, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/** Social security number typed in the mask 999-99-9999. */
export function FormSsnField<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  label,
  helperText,
  required,
  disabled,
  idPrefix,
  storedLast4,
}: FormSsnFieldProps<T, N, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const messages = messagesOf(fieldState.error);
  const digits = ((field.value as string | null | undefined) ?? '').replace(/\D/g, '');
  const hint = helperText ?? (storedLast4 && digits === '' ? `SSN on file ending in ${storedLast4}` : undefined);
  return (
    <PatternFormat
      customInput={TextField}
      format="###-##-####"
      mask="_"
      valueIsNumericString
      value={digits}
      onValueChange={(values) => {
        const next = formatSsnDigits(values.value);
        if (next !== ((field.value as string | null | undefined) ?? '')) field.onChange(next);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      id={fieldId(name, idPrefix)}
      name={field.name}
      label={label}
      required={required}
      disabled={disabled}
      fullWidth
      autoComplete="off"
      error={messages.length > 0}
      helperText={helperNode(messages, hint)}
    />
  );
}
