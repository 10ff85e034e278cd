import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { helperNode } from './field-helper-text';
import { fieldId, messagesOf } from './field-messages';

export type FormFieldBaseProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = {
  control: UseControllerProps<T, N, TOut>['control'];
  name: N;
  label: string;
  /** Hint shown while the field has no error. */
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Prefix of the DOM id (default `field`); needed when one form shows the same name twice. */
  idPrefix?: string;
};

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

/** A text input bound to a react-hook-form field; shows every error message of the field. */
export function FormTextField<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  label,
  helperText,
  required,
  disabled,
  idPrefix,
  maxLength,
  type = 'text',
  autoComplete,
  inputMode,
  fullWidth = true,
  ...rest
}: FormTextFieldProps<T, N, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const messages = messagesOf(fieldState.error);
  return (
    <TextField
      {...rest}
      id={fieldId(name, idPrefix)}
      label={label}
      type={type}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      autoComplete={autoComplete}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={messages.length > 0}
      helperText={helperNode(messages, helperText)}
      slotProps={{ htmlInput: { maxLength, inputMode } }}
    />
  );
}
