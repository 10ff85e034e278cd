import type { DropdownLists } from '../../../contracts/lookups';
import type { ReviewedField } from './changed-fields';
import {
  addressFields,
  CONTACT_FIELDS,
  DEPENDENT_NAMES,
  maritalStatusField,
  nameOf,
  personFields,
  showDate,
} from './member-fields';

const showYesNo = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : '');

/** The dependent form's fields in screen order: labels for errors and the confirmation. */
export function dependentFields(lookups: DropdownLists): ReviewedField[] {
  return [
    ...personFields(lookups, DEPENDENT_NAMES),
    { name: 'relationshipPK', label: 'Relationship', show: (v) => nameOf(lookups.relationships, v) },
    maritalStatusField(lookups),
    { name: 'marriageDate', label: 'Marriage Date', show: showDate },
    ...CONTACT_FIELDS,
    { name: 'sameAddress', label: 'Same address as the subscriber', show: showYesNo },
    ...addressFields(lookups, 'address.'),
  ];
}
