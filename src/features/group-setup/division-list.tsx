import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, type Control } from 'react-hook-form';
import { FormTextField } from '../../components/form/form-text-field';
import { blankDivision, ID_PREFIX, type GroupSetupValues } from './group-setup-values';
import { ListError } from './list-error';

/** The group's divisions: a location code and a description each. */
export function DivisionList({ control }: { control: Control<GroupSetupValues> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'divisions' });
  return (
    <Stack component="section" spacing={2} aria-labelledby="group-setup-divisions">
      <Typography variant="h6" component="h2" id="group-setup-divisions">
        Divisions
      </Typography>
      <ListError control={control} name="divisions" />
      {fields.map((field, i) => (
        <Stack key={field.id} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <FormTextField
            control={control}
            name={`divisions.${i}.locationCode`}
            label={`Division ${i + 1} location code`}
            maxLength={10}
            required
            idPrefix={ID_PREFIX}
          />
          <FormTextField
            control={control}
            name={`divisions.${i}.description`}
            label={`Division ${i + 1} description`}
            maxLength={100}
            required
            idPrefix={ID_PREFIX}
          />
          <IconButton aria-label={`Remove division ${i + 1}`} onClick={() => remove(i)} sx={{ mt: 1 }}>
            ×
          </IconButton>
        </Stack>
      ))}
      <div>
        <Button onClick={() => append(blankDivision())}>Add division</Button>
      </div>
    </Stack>
  );
}
