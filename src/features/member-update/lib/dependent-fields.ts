import type { DropdownLists } from '../../../contracts/lookups';
import type { ReviewedField } from './changed-fields';
import { nameOf, showDate, showSsn } from './subscriber-fields';

const showYesNo = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : '');

/** The dependent form's fields in screen order: labels for errors and the confirmation. */
export function dependentFields(lookups: DropdownLists): ReviewedField[] {
  return [
    { name: 'firstName', label: 'First Name' },
    { name: 'middleInitial', label: 'Middle Initial' },
    { name: 'lastName', label: 'Last Name' },
    { name: 'ssn', label: 'SSN', show: showSsn },
    { name: 'dateOfBirth', label: 'Date of Birth', show: showDate },
    { name: 'genderPK', label: 'Gender', show: (v) => nameOf(lookups.genders, v) },
    { name: 'relationshipPK', label: 'Relationship', show: (v) => nameOf(lookups.relationships, v) },
    { name: 'maritalStatusPK', label: 'Marital Status', show: (v) => nameOf(lookups.maritalStatuses, v) },
    { name: 'marriageDate', label: 'Marriage Date', show: showDate },
    { name: 'phone1', label: 'Phone' },
    { name: 'phone2', label: 'Alternate Phone' },
    { name: 'emailAddress', label: 'Email Address' },
    { name: 'sameAddress', label: 'Same address as the subscriber', show: showYesNo },
    { name: 'address.address1', label: 'Address' },
    { name: 'address.address2', label: 'Address Line 2' },
    { name: 'address.city', label: 'City' },
    { name: 'address.stateID', label: 'State', show: (v) => nameOf(lookups.states, v) },
    { name: 'address.zipCode', label: 'Zip Code' },
  ];
}
