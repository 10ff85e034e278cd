import type { DropdownLists } from '../../../contracts/lookups';
import type { ReviewedField } from './changed-fields';
import { addressFields, CONTACT_FIELDS, maritalStatusField, personFields, SUBSCRIBER_NAMES } from './member-fields';

/** The subscriber form's fields in screen order: labels for errors and the confirmation. */
export function subscriberFields(lookups: DropdownLists): ReviewedField[] {
  return [
    ...personFields(lookups, SUBSCRIBER_NAMES),
    maritalStatusField(lookups),
    ...addressFields(lookups),
    ...CONTACT_FIELDS,
  ];
}
