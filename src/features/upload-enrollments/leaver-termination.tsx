import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { lookupQueries } from '../../api/lookup-queries';
import { FormDateField } from '../../components/form/form-date-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { OTHER_TERMINATION_REASON } from '../../contracts/lookups';
import { terminationForm, type TerminationFormInput, type TerminationFormValues } from '../../lib/termination-form';
import { plural } from './upload-labels';

const ID_PREFIX = 'leavers';
const EMPTY: TerminationFormInput = { eventDate: '', terminationDate: '', reasonPK: undefined, comment: '' };

export type LeaverForm = UseFormReturn<TerminationFormInput, unknown, TerminationFormValues>;

/** The dates and reason a roster's leavers are terminated with, checked as on the terminate screen. */
export function useLeaverForm(): LeaverForm {
  return useForm({ resolver: zodResolver(terminationForm), defaultValues: EMPTY, mode: 'onTouched' });
}

type LeaverTerminationProps = {
  /** Members of the group the roster no longer holds. */
  count: number;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  form: LeaverForm;
};

/**
 * A roster's members the file no longer holds stay members unless the user asks: then each gets a
 * Terminate request with the same Event Date, Benefit End Date and reason.
 */
export function LeaverTermination({ count, checked, onCheckedChange, form }: LeaverTerminationProps) {
  const reasons = useQuery({ ...lookupQueries.list('terminatePlanReason'), enabled: checked });
  const options = [...(reasons.data ?? []), OTHER_TERMINATION_REASON].map((r) => ({ value: r.pk, label: r.name }));
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={<Checkbox checked={checked} onChange={(event) => onCheckedChange(event.target.checked)} />}
        label={`Also terminate the ${plural(count, 'member', 'members')} the roster no longer holds`}
      />
      {checked && (
        <Stack component="fieldset" spacing={1} sx={{ border: 0, m: 0, p: 0 }}>
          <Typography component="legend" variant="body2" color="text.secondary">
            Each gets a termination request with these dates and reason, for HR to approve.
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormDateField control={form.control} name="eventDate" label="Event Date" required idPrefix={ID_PREFIX} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormDateField
                control={form.control}
                name="terminationDate"
                label="Benefit End Date"
                required
                idPrefix={ID_PREFIX}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormSelectField
                control={form.control}
                name="reasonPK"
                label="Reason"
                options={options}
                placeholder="Select a reason"
                idPrefix={ID_PREFIX}
              />
            </Grid>
          </Grid>
        </Stack>
      )}
    </Stack>
  );
}
