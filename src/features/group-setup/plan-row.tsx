import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Control } from 'react-hook-form';
import { FormDateField } from '../../components/form/form-date-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormTextField } from '../../components/form/form-text-field';
import { PLAN_TYPES } from '../../contracts/group-setup';
import { DivisionSelect } from './division-select';
import { ID_PREFIX, type GroupSetupValues } from './group-setup-values';

const PLAN_TYPE_OPTIONS = PLAN_TYPES.map((type) => ({ value: type, label: type }));

type PlanRowProps = { control: Control<GroupSetupValues>; index: number; onRemove: () => void };

/** One plan: its type, names and codes, contract dates and the divisions offering it. */
export function PlanRow({ control, index, onRemove }: PlanRowProps) {
  const n = index + 1;
  const at = <K extends string>(key: K) => `plans.${index}.${key}` as const;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={`Plan ${n}`}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <FormSelectField
            control={control}
            name={at('planType')}
            label={`Plan ${n} type`}
            options={PLAN_TYPE_OPTIONS}
            valueType="string"
            required
            idPrefix={ID_PREFIX}
          />
          <FormTextField
            control={control}
            name={at('planName')}
            label={`Plan ${n} name`}
            maxLength={100}
            required
            idPrefix={ID_PREFIX}
          />
          <IconButton aria-label={`Remove plan ${n}`} onClick={onRemove} sx={{ mt: 1 }}>
            ×
          </IconButton>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name={at('planCode')}
            label={`Plan ${n} code`}
            maxLength={30}
            required
            idPrefix={ID_PREFIX}
          />
          <FormTextField
            control={control}
            name={at('networkCode')}
            label={`Plan ${n} network code`}
            maxLength={30}
            idPrefix={ID_PREFIX}
          />
        </Stack>
        <FormTextField
          control={control}
          name={at('planDescription')}
          label={`Plan ${n} description`}
          maxLength={200}
          idPrefix={ID_PREFIX}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormDateField
            control={control}
            name={at('contractBeginDate')}
            label={`Plan ${n} contract begins`}
            required
            idPrefix={ID_PREFIX}
          />
          <FormDateField
            control={control}
            name={at('contractEndDate')}
            label={`Plan ${n} contract ends`}
            required
            idPrefix={ID_PREFIX}
          />
        </Stack>
        <DivisionSelect control={control} index={index} />
      </Stack>
    </Paper>
  );
}
