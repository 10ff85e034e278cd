import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormDateField } from '../../../components/form/form-date-field';
import { dependentFormValues } from '../../../components/member-chooser/member-form-values';
import { existingDependentForm, type Dependent, type ExistingDependentForm } from '../../../contracts/dependents';
import { OFFERED_RELATIONSHIP_PKS, type DropdownLists } from '../../../contracts/lookups';
import { LIMITS } from '../../../contracts/person-rules';
import { useUpdateDependent } from '../api/update-member';
import { useMemberUpdateForm } from '../hooks/use-member-update-form';
import { dependentFields } from '../lib/dependent-fields';
import { DEPENDENT_NAMES } from '../lib/member-fields';
import { AddressFields, ContactFields, lookupOptions, PersonFields } from './member-fields';
import { MemberUpdateForm } from './member-update-form';

const ID_PREFIX = 'dependent';

type DependentUpdateFormProps = {
  dependent: Dependent;
  employerPK: number;
  lookups: DropdownLists;
  onSaved: () => void;
  onCancel: () => void;
};

/** A dependent of an existing subscriber (spec 1 §5): SSN optional, the last 4 on file kept. */
export function DependentUpdateForm({ dependent, employerPK, lookups, onSaved, onCancel }: DependentUpdateFormProps) {
  const onFile = useMemo(() => dependentFormValues(dependent) as ExistingDependentForm, [dependent]);
  const fields = useMemo(() => dependentFields(lookups), [lookups]);
  // Only Spouse, Child and Domestic Partner are offered; a dependent keeps its own if it is another.
  const relationships = useMemo(() => {
    const offered: readonly number[] = OFFERED_RELATIONSHIP_PKS;
    return lookupOptions(
      lookups.relationships.filter((r) => offered.includes(r.pk) || r.pk === dependent.relationshipPK),
    );
  }, [lookups.relationships, dependent.relationshipPK]);

  const update = useUpdateDependent();
  const resolver = zodResolver(existingDependentForm);
  const state = useMemberUpdateForm({
    resolver,
    onFile,
    fields,
    prefix: ID_PREFIX,
    send: (member, callbacks) =>
      update.mutate(
        {
          query: { dependentPK: dependent.dependentPK },
          body: { dependent: member, changeReasonDetails: {}, employerPK },
        },
        callbacks,
      ),
    onSaved,
  });
  const { control } = state.form;
  const sameAddress = useWatch({ control, name: 'sameAddress' });
  const group = { control, idPrefix: ID_PREFIX, lookups };

  return (
    <MemberUpdateForm state={state} label="Dependent information" saving={update.isPending} onCancel={onCancel}>
      <PersonFields
        {...group}
        names={DEPENDENT_NAMES}
        ssnLast4={dependent.ssnLast4}
        selectSize={4}
        extraSelect={{ name: 'relationshipPK', label: 'Relationship', options: relationships }}
      />
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormDateField control={control} name="marriageDate" label="Marriage Date" disableFuture idPrefix={ID_PREFIX} />
      </Grid>
      <ContactFields {...group} emailMaxLength={LIMITS.dependentEmailInput} emailSize={6} />
      <Grid size={{ xs: 12 }}>
        <Controller
          control={control}
          name="sameAddress"
          render={({ field }) => (
            <FormControlLabel
              label="Same address as the subscriber"
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
            />
          )}
        />
      </Grid>
      {!sameAddress && <AddressFields {...group} prefix="address." />}
    </MemberUpdateForm>
  );
}
