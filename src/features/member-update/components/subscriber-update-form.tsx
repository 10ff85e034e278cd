import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { subscriberFormValues } from '../../../components/member-chooser/member-form-values';
import type { DropdownLists } from '../../../contracts/lookups';
import { LIMITS } from '../../../contracts/person-rules';
import {
  existingSubscriberForm,
  type ExistingSubscriberForm,
  type SubscriberDetail,
} from '../../../contracts/subscribers';
import { useMemberUpdateForm } from '../hooks/use-member-update-form';
import { SUBSCRIBER_NAMES } from '../lib/member-fields';
import { subscriberFields } from '../lib/subscriber-fields';
import { useUpdateSubscriber } from '../api/update-member';
import { AddressFields, ContactFields, PersonFields } from './member-fields';
import { MemberUpdateForm } from './member-update-form';

const ID_PREFIX = 'subscriber';

type SubscriberUpdateFormProps = {
  detail: SubscriberDetail;
  employerPK: number;
  lookups: DropdownLists;
  onSaved: () => void;
  onCancel: () => void;
};

/** The existing-subscriber form (spec 1 §5): SSN optional, its last 4 kept, city up to 30. */
export function SubscriberUpdateForm({ detail, employerPK, lookups, onSaved, onCancel }: SubscriberUpdateFormProps) {
  const onFile = useMemo(() => subscriberFormValues(detail) as ExistingSubscriberForm, [detail]);
  const fields = useMemo(() => subscriberFields(lookups), [lookups]);
  const update = useUpdateSubscriber();
  const resolver = zodResolver(existingSubscriberForm);
  const state = useMemberUpdateForm({
    resolver,
    onFile,
    fields,
    prefix: ID_PREFIX,
    send: (subscriber, callbacks) =>
      update.mutate(
        { query: { subscriberPK: detail.subscriberPK }, body: { subscriber, changeReasonDetails: {}, employerPK } },
        callbacks,
      ),
    onSaved,
  });
  const group = { control: state.form.control, idPrefix: ID_PREFIX, lookups };

  return (
    <MemberUpdateForm state={state} label="Personal information" saving={update.isPending} onCancel={onCancel}>
      <PersonFields {...group} names={SUBSCRIBER_NAMES} ssnLast4={detail.ssnLast4} selectSize={6} />
      <AddressFields {...group} required />
      <ContactFields {...group} required emailMaxLength={LIMITS.subscriberEmailInput} emailSize={4} />
    </MemberUpdateForm>
  );
}
