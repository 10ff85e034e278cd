import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { FormAmountField } from '../../components/form/form-amount-field';
import type { MyEnrollment } from '../../contracts/open-enrollment';
import type { EnrollmentFormValues } from './enrollment-form-values';

/** Next year's FSA: an annual amount per FSA plan offered; FSA never rolls over, so empty means none. */
export function FsaCard({
  control,
  plans,
}: {
  control: Control<EnrollmentFormValues>;
  plans: MyEnrollment['fsaPlans'];
}) {
  if (plans.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby="fsa-title" variant="outlined" sx={{ p: 2 }}>
      <Typography id="fsa-title" variant="h6" component="h2">
        Flexible spending account (FSA)
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        FSA elections never roll over. Enter the amount for the year of each FSA you want next year; leave it empty for
        no FSA.
      </Typography>
      <Stack spacing={2}>
        {plans.map((plan, index) => (
          <FormAmountField
            key={plan.planPK}
            control={control}
            name={`FSAElections.${index}.amount`}
            label={`${plan.planName}: amount for the year`}
            helperText="For example 1,250.00"
            prefix="$"
          />
        ))}
      </Stack>
    </Paper>
  );
}
