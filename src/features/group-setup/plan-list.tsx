import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, type Control } from 'react-hook-form';
import { blankPlan, type GroupSetupValues } from './group-setup-values';
import { ListError } from './list-error';
import { PlanRow } from './plan-row';

/** The group's medical, dental and FSA plans. */
export function PlanList({ control }: { control: Control<GroupSetupValues> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'plans' });
  return (
    <Stack component="section" spacing={2} aria-labelledby="group-setup-plans">
      <Typography variant="h6" component="h2" id="group-setup-plans">
        Plans
      </Typography>
      <ListError control={control} name="plans" />
      {fields.map((field, i) => (
        <PlanRow key={field.id} control={control} index={i} onRemove={() => remove(i)} />
      ))}
      <div>
        <Button onClick={() => append(blankPlan())}>Add plan</Button>
      </div>
    </Stack>
  );
}
