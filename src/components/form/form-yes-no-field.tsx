import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { helperNode } from './field-helper-text';
import { fieldId, messagesOf } from './field-messages';
import type { FormFieldBaseProps } from './form-text-field';

type FormYesNoFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = FormFieldBaseProps<T, N, TOut> & {
  /** Called after the answer changed (e.g. to reset fields that only apply to Yes). */
  onValueChange?: (value: boolean) => void;
};

const toRadio = (value: unknown) => (value === true ? 'yes' : value === false ? 'no' : '');

/** A Yes/No question stored as a boolean (undefined while unanswered). */
export function FormYesNoField<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  label,
  helperText,
  required,
  disabled,
  idPrefix,
  onValueChange,
}: FormYesNoFieldProps<T, N, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const messages = messagesOf(fieldState.error);
  const id = fieldId(name, idPrefix);
  const helper = helperNode(messages, helperText);
  return (
    <FormControl component="fieldset" error={messages.length > 0} required={required} disabled={disabled}>
      <FormLabel component="legend" id={`${id}-label`}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        id={id}
        name={field.name}
        value={toRadio(field.value)}
        onChange={(_event, value) => {
          const next = value === 'yes';
          field.onChange(next);
          onValueChange?.(next);
        }}
        onBlur={field.onBlur}
        aria-labelledby={`${id}-label`}
        aria-describedby={helper ? `${id}-helper-text` : undefined}
        aria-invalid={messages.length > 0 || undefined}
      >
        <FormControlLabel value="yes" control={<Radio slotProps={{ input: { ref: field.ref } }} />} label="Yes" />
        <FormControlLabel value="no" control={<Radio />} label="No" />
      </RadioGroup>
      {helper && <FormHelperText id={`${id}-helper-text`}>{helper}</FormHelperText>}
    </FormControl>
  );
}
