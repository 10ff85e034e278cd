import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useController, useFormState, type FieldError, type UseFormReturn } from 'react-hook-form';
import { FormAmountField } from '../../../components/form/form-amount-field';
import { messagesOf } from '../../../components/form/field-messages';
import { FormSelectField, type SelectOption } from '../../../components/form/form-select-field';
import { canAddFsaElection } from '../../../contracts/enrollment';
import type { PlanValues } from '../lib/wizard-values';

type FsaElectionsProps = {
  form: UseFormReturn<PlanValues>;
  plans: readonly SelectOption[];
  loading: boolean;
};

/** FSA plan and contribution amount, 'Add FSA Election', and the elections added so far. */
export function FsaElections({ form, plans, loading }: FsaElectionsProps) {
  const { control } = form;
  const { field, fieldState } = useController({ control, name: 'FSAElections' });
  const { isSubmitted } = useFormState({ control });
  const [refusal, setRefusal] = useState<string | null>(null);
  const elections = field.value;
  // An array field's own error may sit on its `root`.
  const raw = fieldState.error as (FieldError & { root?: FieldError }) | undefined;
  const errors = messagesOf(raw?.root ?? raw);
  const planName = (pk: number) => plans.find((p) => p.value === pk)?.label ?? `FSA plan ${pk}`;

  const add = () => {
    const [pk, amount] = form.getValues(['fsaPlanPK', 'fsaAmount']);
    const verdict = canAddFsaElection(elections, { pk, amount });
    if (!verdict.ok || pk === undefined) {
      setRefusal(verdict.ok ? null : verdict.message);
      return;
    }
    setRefusal(null);
    field.onChange([...elections, { pk, amount }]);
    form.setValue('fsaPlanPK', undefined);
    form.setValue('fsaAmount', '');
    if (isSubmitted) void form.trigger('FSAElections');
  };

  const remove = (pk: number) => {
    field.onChange(elections.filter((e) => e.pk !== pk));
    if (isSubmitted) void form.trigger('FSAElections');
  };

  return (
    <Box>
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, sm: 5 }}>
          <FormSelectField
            control={control}
            name="fsaPlanPK"
            label="FSA Plan"
            options={plans}
            placeholder={loading ? 'Loading…' : 'Select'}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormAmountField control={control} name="fsaAmount" label="Contribution Amount" prefix="$" />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <Button variant="outlined" onClick={add} sx={{ mt: 1 }}>
            Add FSA Election
          </Button>
        </Grid>
      </Grid>
      <Box role="alert" aria-live="assertive">
        {refusal && <FormHelperText error>{refusal}</FormHelperText>}
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }} id="fsa-elections-heading">
        FSA elections
      </Typography>
      {elections.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          None added yet.
        </Typography>
      ) : (
        <List aria-labelledby="fsa-elections-heading" dense>
          {elections.map((election) => (
            <ListItem
              key={election.pk}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove FSA election ${planName(election.pk)}`}
                  onClick={() => remove(election.pk)}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={planName(election.pk)} secondary={`$${election.amount}`} />
            </ListItem>
          ))}
        </List>
      )}
      {errors.length > 0 && (
        <FormHelperText error id="field-FSAElections">
          {errors.join(' ')}
        </FormHelperText>
      )}
    </Box>
  );
}
