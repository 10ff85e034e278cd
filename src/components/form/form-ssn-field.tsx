import TextField from '@mui/material/TextField';
import { PatternFormat } from 'react-number-format';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { helperNode } from './field-helper-text';
import { useFormField, type FormFieldBaseProps } from './use-form-field';

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
  storedLast4,
  helperText,
  ...base
}: FormSsnFieldProps<T, N, TOut>) {
  const { field, messages, shown, input } = useFormField(base);
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
      {...shown}
      {...input}
      helperText={helperNode(messages, hint)}
      fullWidth
      autoComplete="off"
    />
  );
}
