import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldBaseProps } from './use-form-field';

export type FormTextFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = FormFieldBaseProps<
  T,
  N,
  TOut
> & {
  /** What the input lets you type (may be wider than what validation accepts). */
  maxLength?: number;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
} & Pick<TextFieldProps, 'fullWidth' | 'sx' | 'size'>;

/** A text input bound to a react-hook-form field. */
export function FormTextField<T extends FieldValues, N extends FieldPath<T>, TOut = T>(
  props: FormTextFieldProps<T, N, TOut>,
) {
  const { field, shown, input, own } = useFormField(props);
  const { maxLength, type = 'text', autoComplete, inputMode, fullWidth = true, ...rest } = own;
  return (
    <TextField
      {...rest}
      {...shown}
      {...input}
      type={type}
      fullWidth={fullWidth}
      autoComplete={autoComplete}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength, inputMode } }}
    />
  );
}
