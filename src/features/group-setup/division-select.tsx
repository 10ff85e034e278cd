import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, useWatch, type Control } from 'react-hook-form';
import { fieldId, messagesOf } from '../../components/form/field-messages';
import { ID_PREFIX, type GroupSetupValues } from './group-setup-values';

/** The divisions offering a plan, among the location codes typed above; none chosen is every division. */
export function DivisionSelect({ control, index }: { control: Control<GroupSetupValues>; index: number }) {
  const name = `plans.${index}.divisions` as const;
  const { field, fieldState } = useController({ control, name });
  const divisions = useWatch({ control, name: 'divisions' });
  const codes = [...new Set((divisions ?? []).map((d) => d.locationCode.trim()).filter(Boolean))];
  const value = field.value ?? [];
  // A code no longer typed above stays chosen (and is flagged by the rules) until it is removed here.
  const options = [...codes, ...value.filter((code) => !codes.includes(code))];
  const messages = messagesOf(fieldState.error);
  return (
    <TextField
      select
      fullWidth
      id={fieldId(name, ID_PREFIX)}
      name={field.name}
      label={`Plan ${index + 1} divisions`}
      value={value}
      error={messages.length > 0}
      helperText={messages[0] ?? 'None chosen: every division offers it.'}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => {
        const next = event.target.value as unknown as string[] | string;
        field.onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) =>
            (selected as string[]).length ? (selected as string[]).join(', ') : 'All divisions',
        },
      }}
    >
      {options.map((code) => (
        <MenuItem key={code} value={code}>
          {code}
        </MenuItem>
      ))}
    </TextField>
  );
}
