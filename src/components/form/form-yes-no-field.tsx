import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldBaseProps } from './use-form-field';

type FormYesNoFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = FormFieldBaseProps<T, N, TOut> & {
  /** Called after the answer changed (e.g. to reset fields that only apply to Yes). */
  onValueChange?: (value: boolean) => void;
};

const toRadio = (value: unknown) => (value === true ? 'yes' : value === false ? 'no' : '');

/** A Yes/No question stored as a boolean (undefined while unanswered). */
export function FormYesNoField<T extends FieldValues, N extends FieldPath<T>, TOut = T>(
  props: FormYesNoFieldProps<T, N, TOut>,
) {
  const { field, shown, input, own } = useFormField(props);
  const { onValueChange } = own;
  const { id, label, error, helperText: helper } = shown;
  return (
    <FormControl component="fieldset" error={error} required={shown.required} disabled={shown.disabled}>
      <FormLabel component="legend" id={`${id}-label`}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        id={id}
        name={input.name}
        value={toRadio(field.value)}
        onChange={(_event, value) => {
          const next = value === 'yes';
          field.onChange(next);
          onValueChange?.(next);
        }}
        onBlur={input.onBlur}
        aria-labelledby={`${id}-label`}
        aria-describedby={helper ? `${id}-helper-text` : undefined}
        aria-invalid={error || undefined}
      >
        <FormControlLabel value="yes" control={<Radio slotProps={{ input: { ref: input.inputRef } }} />} label="Yes" />
        <FormControlLabel value="no" control={<Radio />} label="No" />
      </RadioGroup>
      {helper && <FormHelperText id={`${id}-helper-text`}>{helper}</FormHelperText>}
    </FormControl>
  );
}
