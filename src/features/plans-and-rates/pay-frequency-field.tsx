import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { lookupQueries } from '../../api/lookup-queries';
import { endpoints } from '../../contracts/endpoints';
import { usePlanYearChange } from './plan-year-mutations';

/** The group's pay frequency: rates are per pay period, so it sets how many a year holds. */
export function PayFrequencyField({ employerPK, value }: { employerPK: number; value: number }) {
  const frequencies = useQuery(lookupQueries.list('payFrequency'));
  const change = usePlanYearChange(endpoints.setPayFrequency);
  return (
    <TextField
      select
      size="small"
      id="pay-frequency"
      label="Pay frequency"
      value={frequencies.data ? String(value) : ''}
      disabled={!frequencies.data || change.isPending}
      onChange={(event) => change.mutate({ body: { employerPK, payFrequencyPK: Number(event.target.value) } })}
      sx={{ minWidth: 200 }}
    >
      {(frequencies.data ?? []).map((f) => (
        <MenuItem key={f.pk} value={String(f.pk)}>
          {f.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
