import type { LookupItem } from '../../../contracts/common';
import type { DropdownLists } from '../../../contracts/lookups';
import { ssnLast4Of } from '../../../contracts/person-rules';
import { formatIsoDate } from '../../../lib/calendar-date';
import type { ReviewedField } from './changed-fields';

export const nameOf = (items: readonly LookupItem[], pk: unknown) =>
  items.find((item) => item.pk === pk)?.name ?? (pk === undefined || pk === null ? '' : String(pk));

/** A typed SSN is shown by its last four digits only. */
const showSsn = (ssn: unknown) => (typeof ssn === 'string' && ssn ? `new SSN ending in ${ssnLast4Of(ssn)}` : '');

export const showDate = (value: unknown) => formatIsoDate(typeof value === 'string' ? value : null);

/** Field names that differ between the subscriber and the dependent records. */
export type PersonFieldNames = { middle: 'middleName' | 'middleInitial'; gender: 'genderID' | 'genderPK' };
export const SUBSCRIBER_NAMES: PersonFieldNames = { middle: 'middleName', gender: 'genderID' };
export const DEPENDENT_NAMES: PersonFieldNames = { middle: 'middleInitial', gender: 'genderPK' };

/** Names, SSN, birth date and gender: the first fields of both update forms. */
export function personFields(lookups: DropdownLists, names: PersonFieldNames): ReviewedField[] {
  return [
    { name: 'firstName', label: 'First Name' },
    { name: names.middle, label: 'Middle Initial' },
    { name: 'lastName', label: 'Last Name' },
    { name: 'ssn', label: 'SSN', show: showSsn },
    { name: 'dateOfBirth', label: 'Date of Birth', show: showDate },
    { name: names.gender, label: 'Gender', show: (v) => nameOf(lookups.genders, v) },
  ];
}

export const maritalStatusField = (lookups: DropdownLists): ReviewedField => ({
  name: 'maritalStatusPK',
  label: 'Marital Status',
  show: (v) => nameOf(lookups.maritalStatuses, v),
});

/** The address fields, at the top level (`city`) or under `prefix` (`address.city`). */
export function addressFields(lookups: DropdownLists, prefix = ''): ReviewedField[] {
  return [
    { name: `${prefix}address1`, label: 'Address' },
    { name: `${prefix}address2`, label: 'Address Line 2' },
    { name: `${prefix}city`, label: 'City' },
    { name: `${prefix}stateID`, label: 'State', show: (v) => nameOf(lookups.states, v) },
    { name: `${prefix}zipCode`, label: 'Zip Code' },
  ];
}

export const CONTACT_FIELDS: readonly ReviewedField[] = [
  { name: 'phone1', label: 'Phone' },
  { name: 'phone2', label: 'Alternate Phone' },
  { name: 'emailAddress', label: 'Email Address' },
];
