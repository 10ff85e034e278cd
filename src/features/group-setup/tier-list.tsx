import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, type Control, type UseFormGetValues } from 'react-hook-form';
import { blankTier, withUsualTiers, type GroupSetupValues } from './group-setup-values';
import { ListError } from './list-error';
import { TierRow } from './tier-row';

type TierListProps = { control: Control<GroupSetupValues>; getValues: UseFormGetValues<GroupSetupValues> };

/** The coverage tiers every division gets, in this order, for medical and for dental. */
export function TierList({ control, getValues }: TierListProps) {
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'tiers' });
  return (
    <Stack component="section" spacing={2} aria-labelledby="group-setup-tiers">
      <Typography variant="h6" component="h2" id="group-setup-tiers">
        Tiers
      </Typography>
      <ListError control={control} name="tiers" />
      {fields.map((field, i) => (
        <TierRow key={field.id} control={control} index={i} onRemove={() => remove(i)} />
      ))}
      <Stack direction="row" spacing={1}>
        <Button onClick={() => append(blankTier())}>Add tier</Button>
        <Button onClick={() => replace(withUsualTiers(getValues('tiers') ?? []))}>Add the usual four</Button>
      </Stack>
    </Stack>
  );
}
