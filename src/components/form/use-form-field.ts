import type { ReactNode } from 'react';
import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { helperNode } from './field-helper-text';
import { fieldId, messagesOf } from './field-messages';

/** The props of every form field: the react-hook-form field it shows, and how it is labelled. */
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

/**
 * The base of every form field: the react-hook-form field bound to its name, the props of an MUI
 * text field showing it (`shown`: DOM id, label, state and the error or hint under it), those that
 * connect an input to the form (`input`), and the field's `own` props. A field shows the first
 * failing rule's message only.
 */
export function useFormField<T extends FieldValues, N extends FieldPath<T>, TOut, P extends object>(
  props: FormFieldBaseProps<T, N, TOut> & P,
) {
  const { control, name, label, helperText, required, disabled, idPrefix, ...own } = props;
  const { field, fieldState } = useController({ control, name });
  const messages = messagesOf(fieldState.error);
  return {
    field,
    messages,
    shown: {
      id: fieldId(name, idPrefix),
      label,
      required,
      disabled,
      error: messages.length > 0,
      helperText: helperNode(messages, helperText),
    },
    input: { name: field.name, onBlur: field.onBlur, inputRef: field.ref },
    own,
  };
}
