import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useController, type Control } from 'react-hook-form';
import type { MyEnrollment } from '../../contracts/open-enrollment';
import type { EnrollmentFormValues } from './enrollment-form-values';

/** The member's current dependents, any of whom may leave next year's coverage (a child who ages out). */
export function RemoveDependentsCard({
  control,
  dependents,
}: {
  control: Control<EnrollmentFormValues>;
  dependents: MyEnrollment['dependents'];
}) {
  const { field } = useController({ control, name: 'removeDependentPKs' });
  if (dependents.length === 0) return null;
  const removed = field.value ?? [];
  const toggle = (pk: number, checked: boolean) =>
    field.onChange(checked ? [...removed, pk] : removed.filter((r) => r !== pk));
  return (
    <Paper component="section" aria-labelledby="remove-dependents-title" variant="outlined" sx={{ p: 2 }}>
      <Typography id="remove-dependents-title" variant="h6" component="h2">
        Dependents to remove
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Check anyone who should not be covered next year. They stay covered until the plan year starts.
      </Typography>
      <FormGroup>
        {dependents.map((d) => (
          <FormControlLabel
            key={d.dependentPK}
            control={
              <Checkbox
                checked={removed.includes(d.dependentPK)}
                onChange={(event) => toggle(d.dependentPK, event.target.checked)}
                onBlur={field.onBlur}
              />
            }
            label={`Remove ${d.name} (${d.relationship})`}
          />
        ))}
      </FormGroup>
    </Paper>
  );
}
