import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, type ArrayPath, type Control, type FieldArray, type FieldPath } from 'react-hook-form';
import { lookupQueries } from '../../api/lookup-queries';
import { FormDateField } from '../../components/form/form-date-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormTextField } from '../../components/form/form-text-field';
import { OFFERED_RELATIONSHIP_PKS } from '../../contracts/lookups';
import { NEW_DEPENDENTS_MAX, type ElectionDependent } from '../../contracts/open-enrollment';

const BLANK = { firstName: '', lastName: '', dateOfBirth: '', relationshipPK: 0, genderPK: 0 };

type WithNewDependents = { newDependents?: ElectionDependent[] };

type NewDependentsCardProps<T extends WithNewDependents> = {
  control: Control<T>;
  /** Relationships that may be added (the event's, or every offered one). */
  relationshipPKs?: readonly number[];
  intro?: string;
};

/**
 * "Add a dependent": a newborn or a new spouse joins the coverage in the tier chosen above.
 * No SSN is asked for here (a newborn has none yet); HR adds it to the record.
 */
export function NewDependentsCard<T extends WithNewDependents>({
  control,
  relationshipPKs = OFFERED_RELATIONSHIP_PKS,
  intro = 'A new baby or a new spouse? Add them here and choose a tier above that covers them.',
}: NewDependentsCardProps<T>) {
  const { fields, append, remove } = useFieldArray({ control, name: 'newDependents' as ArrayPath<T> });
  // The card serves any form with a `newDependents` list; its field names are built for that list.
  const name = (index: number, field: keyof ElectionDependent) => `newDependents.${index}.${field}` as FieldPath<T>;
  const relationships = useQuery(lookupQueries.list('relationship'));
  const genders = useQuery(lookupQueries.list('gender'));
  const relationshipOptions = (relationships.data ?? [])
    .filter((r) => relationshipPKs.includes(r.pk))
    .map((r) => ({ value: r.pk, label: r.name }));
  const genderOptions = (genders.data ?? []).map((g) => ({ value: g.pk, label: g.name }));
  return (
    <Paper component="section" aria-labelledby="new-dependents-title" variant="outlined" sx={{ p: 2 }}>
      <Typography id="new-dependents-title" variant="h6" component="h2">
        Dependents to add
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      <Stack spacing={3}>
        {fields.map((field, index) => (
          <Stack
            key={field.id}
            component="fieldset"
            spacing={2}
            sx={{ border: 0, p: 0, m: 0 }}
            aria-label={`Dependent to add ${index + 1}`}
          >
            <FormTextField
              control={control}
              name={name(index, 'firstName')}
              label="First name"
              required
              autoComplete="off"
              idPrefix={`new-dependent-${index}`}
            />
            <FormTextField
              control={control}
              name={name(index, 'lastName')}
              label="Last name"
              required
              autoComplete="off"
              idPrefix={`new-dependent-${index}`}
            />
            <FormDateField
              control={control}
              name={name(index, 'dateOfBirth')}
              label="Date of birth"
              required
              disableFuture
              idPrefix={`new-dependent-${index}`}
            />
            <FormSelectField
              control={control}
              name={name(index, 'relationshipPK')}
              label="Relationship"
              required
              options={relationshipOptions}
              placeholder="Choose"
              idPrefix={`new-dependent-${index}`}
            />
            <FormSelectField
              control={control}
              name={name(index, 'genderPK')}
              label="Gender"
              required
              options={genderOptions}
              placeholder="Choose"
              idPrefix={`new-dependent-${index}`}
            />
            <Button onClick={() => remove(index)} sx={{ alignSelf: 'flex-start' }}>
              Remove {index + 1}
            </Button>
          </Stack>
        ))}
        {fields.length < NEW_DEPENDENTS_MAX && (
          <Button
            variant="outlined"
            onClick={() => append(BLANK as FieldArray<T, ArrayPath<T>>)}
            sx={{ alignSelf: 'flex-start' }}
          >
            Add a dependent
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
