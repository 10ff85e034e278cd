import type { LookupItem } from '../../../contracts/common';
import type { DropdownLists } from '../../../contracts/lookups';
import { formatIsoDate } from '../../../lib/calendar-date';
import type { ReviewedField } from './changed-fields';

export const nameOf = (items: readonly LookupItem[], pk: unknown) =>
  items.find((item) => item.pk === pk)?.name ?? (pk === undefined || pk === null ? '' : String(pk));

/** A typed SSN is shown by its last four digits only. */
export const showSsn = (ssn: unknown) => (typeof ssn === 'string' && ssn ? `new SSN ending in ${ssn.slice(-4)}` : '');

export const showDate = (value: unknown) => formatIsoDate(typeof value === 'string' ? value : null);

/** The subscriber form's fields in screen order: labels for errors and the confirmation. */
export function subscriberFields(lookups: DropdownLists): ReviewedField[] {
  return [
    { name: 'firstName', label: 'First Name' },
    { name: 'middleName', label: 'Middle Initial' },
    { name: 'lastName', label: 'Last Name' },
    { name: 'ssn', label: 'SSN', show: showSsn },
    { name: 'dateOfBirth', label: 'Date of Birth', show: showDate },
    { name: 'genderID', label: 'Gender', show: (v) => nameOf(lookups.genders, v) },
    { name: 'maritalStatusPK', label: 'Marital Status', show: (v) => nameOf(lookups.maritalStatuses, v) },
    { name: 'address1', label: 'Address' },
    { name: 'address2', label: 'Address Line 2' },
    { name: 'city', label: 'City' },
    { name: 'stateID', label: 'State', show: (v) => nameOf(lookups.states, v) },
    { name: 'zipCode', label: 'Zip Code' },
    { name: 'phone1', label: 'Phone' },
    { name: 'phone2', label: 'Alternate Phone' },
    { name: 'emailAddress', label: 'Email Address' },
  ];
}
