import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { FormDateField } from '../../components/form/form-date-field';
import { endpoints } from '../../contracts/endpoints';
import { openWindowBody, type OpenWindowBody } from '../../contracts/open-enrollment';
import { dateToIso } from '../../lib/calendar-date';
import { useEndpointMutation } from '../../lib/endpoint-query';
import { notify } from '../../stores/notification-store';

const ID_PREFIX = 'open-window';

function defaults(employerPK: number): OpenWindowBody {
  const now = new Date();
  const inTwoWeeks = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 14);
  return {
    employerPK,
    startsOn: dateToIso(now),
    endsOn: dateToIso(inTwoWeeks),
    planYearBegin: `${now.getFullYear() + 1}-01-01`,
    unstartedChoice: 'rollover',
  };
}

/** Opens the group's window: its dates, the plan year it elects, and what happens to those who do nothing. */
export function OpenWindowForm({ employerPK }: { employerPK: number }) {
  const open = useEndpointMutation(endpoints.openEnrollmentWindow, { invalidates: [openEnrollmentQueries.all()] });
  const form = useForm<OpenWindowBody>({ resolver: zodResolver(openWindowBody), defaultValues: defaults(employerPK) });
  const submit = form.handleSubmit((body) =>
    open.mutate({ body }, { onSuccess: () => notify({ severity: 'success', title: 'Open enrollment is open' }) }),
  );
  return (
    <Paper component="section" aria-labelledby={`${ID_PREFIX}-title`} variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
      <Typography id={`${ID_PREFIX}-title`} variant="h6" component="h2" sx={{ mb: 2 }}>
        Open a window
      </Typography>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack spacing={2}>
          <FormDateField control={form.control} name="startsOn" label="Window starts" required idPrefix={ID_PREFIX} />
          <FormDateField control={form.control} name="endsOn" label="Window ends" required idPrefix={ID_PREFIX} />
          <FormDateField
            control={form.control}
            name="planYearBegin"
            label="Plan year starts"
            required
            idPrefix={ID_PREFIX}
          />
          <Controller
            control={form.control}
            name="unstartedChoice"
            render={({ field }) => (
              <FormControl>
                <FormLabel id={`${ID_PREFIX}-unstarted`}>Members who do nothing</FormLabel>
                <RadioGroup aria-labelledby={`${ID_PREFIX}-unstarted`} {...field}>
                  <FormControlLabel value="rollover" control={<Radio />} label="Keep their plans (roll over)" />
                  <FormControlLabel value="waive" control={<Radio />} label="Are waived" />
                </RadioGroup>
              </FormControl>
            )}
          />
          <Button type="submit" variant="contained" loading={open.isPending} sx={{ alignSelf: 'flex-start' }}>
            Open enrollment
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
