import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import { fieldId } from '../../components/form/field-messages';
import { FormTextField } from '../../components/form/form-text-field';
import { ID_PREFIX, type GroupSetupValues } from './group-setup-values';

type TierRowProps = { control: Control<GroupSetupValues>; index: number; onRemove: () => void };

/** One tier: the coverage it belongs to, its name and code, and whether it needs dependents. */
export function TierRow({ control, index, onRemove }: TierRowProps) {
  const n = index + 1;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Controller
        control={control}
        name={`tiers.${index}.isMedical`}
        render={({ field }) => (
          <TextField
            select
            id={fieldId(`tiers.${index}.isMedical`, ID_PREFIX)}
            label={`Tier ${n} coverage`}
            value={field.value ? 'medical' : 'dental'}
            onChange={(event) => field.onChange(event.target.value === 'medical')}
            onBlur={field.onBlur}
            inputRef={field.ref}
            sx={{ minWidth: 140 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="medical">Medical</option>
            <option value="dental">Dental</option>
          </TextField>
        )}
      />
      <FormTextField
        control={control}
        name={`tiers.${index}.name`}
        label={`Tier ${n} name`}
        maxLength={60}
        required
        idPrefix={ID_PREFIX}
      />
      <FormTextField
        control={control}
        name={`tiers.${index}.tierCode`}
        label={`Tier ${n} code`}
        maxLength={10}
        required
        idPrefix={ID_PREFIX}
      />
      <Controller
        control={control}
        name={`tiers.${index}.requiresDependents`}
        render={({ field }) => (
          <FormControlLabel
            sx={{ whiteSpace: 'nowrap', mt: 1 }}
            label="Needs dependents"
            control={
              <Checkbox
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref, 'aria-label': `Tier ${n} needs dependents` } }}
              />
            }
          />
        )}
      />
      <IconButton aria-label={`Remove tier ${n}`} onClick={onRemove} sx={{ mt: 1 }}>
        ×
      </IconButton>
    </Stack>
  );
}
