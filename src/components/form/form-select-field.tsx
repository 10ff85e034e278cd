import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldBaseProps } from './use-form-field';

export type SelectOption = { value: number | string; label: string };

type FormSelectFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = FormFieldBaseProps<T, N, TOut> & {
  options: readonly SelectOption[];
  /** Text of the empty choice (value undefined). */
  placeholder?: string;
  /** Keys are numbers in most lookups; the field stores what the options hold. */
  valueType?: 'number' | 'string';
  /** Called after the value changed (e.g. to reset dependent fields). */
  onValueChange?: (value: number | string | undefined) => void;
} & Pick<TextFieldProps, 'fullWidth' | 'sx' | 'size'>;

/**
 * A native select bound to a react-hook-form field: native so that keyboard, screen readers and
 * mobile pickers behave as users expect. An empty choice stores `undefined`.
 */
export function FormSelectField<T extends FieldValues, N extends FieldPath<T>, TOut = T>(
  props: FormSelectFieldProps<T, N, TOut>,
) {
  const { field, shown, input, own } = useFormField(props);
  const { options, placeholder = 'Select', valueType = 'number', onValueChange, fullWidth = true, ...rest } = own;
  const value = field.value as number | string | null | undefined;
  return (
    <TextField
      {...rest}
      {...shown}
      {...input}
      select
      fullWidth={fullWidth}
      value={value ?? ''}
      onChange={(event) => {
        const raw = event.target.value;
        const next = raw === '' ? undefined : valueType === 'number' ? Number(raw) : raw;
        field.onChange(next);
        onValueChange?.(next);
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
