import TextField from '@mui/material/TextField';
import { NumericFormat } from 'react-number-format';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldBaseProps } from './use-form-field';

type FormAmountFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = FormFieldBaseProps<T, N, TOut> & {
  /**
   * `string`: the field keeps the text as shown ('1,250.00'), for schemas that check the format;
   * `number`: the field keeps the number (undefined when empty).
   */
  valueAs?: 'string' | 'number';
  decimalScale?: number;
  /** Shown before the amount, e.g. '$'; never part of the stored value. */
  prefix?: string;
  thousandSeparator?: boolean;
};

/** A money amount: digits with thousands commas and at most `decimalScale` decimals. */
export function FormAmountField<T extends FieldValues, N extends FieldPath<T>, TOut = T>(
  props: FormAmountFieldProps<T, N, TOut>,
) {
  const { field, shown, input, own } = useFormField(props);
  const { valueAs = 'string', decimalScale = 2, prefix, thousandSeparator = true } = own;
  const value = field.value as string | number | null | undefined;
  return (
    <NumericFormat
      customInput={TextField}
      thousandSeparator={thousandSeparator ? ',' : undefined}
      decimalScale={decimalScale}
      allowNegative={false}
      prefix={prefix}
      // A stored string is the shown text; a stored number is a plain numeric value.
      valueIsNumericString={valueAs === 'number'}
      value={value ?? ''}
      onValueChange={(values, { source }) => {
        // Only the user's typing changes the form; a new prop value must not echo back.
        if (source !== 'event') return;
        const text = prefix ? values.formattedValue.slice(prefix.length) : values.formattedValue;
        field.onChange(valueAs === 'number' ? values.floatValue : text);
      }}
      {...shown}
      {...input}
      fullWidth
      autoComplete="off"
    />
  );
}
