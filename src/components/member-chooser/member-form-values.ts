import type { Dependent, ExistingDependentForm } from '../../contracts/dependents';
import { DEFAULT_MARITAL_STATUS_PK } from '../../contracts/lookups';
import type { ExistingSubscriberForm, SubscriberDetail } from '../../contracts/subscribers';

// A chosen member as the existing-member form models of the contract: what the update forms start
// from and what a follow-up enrollment request carries. The server sends null for blanks; the forms
// hold '' (text) or undefined (choices) instead. The full SSN is never known, so it starts empty.

type SubscriberFormValues = Omit<ExistingSubscriberForm, 'genderID' | 'stateID'> & {
  genderID: number | undefined;
  stateID: number | undefined;
};

export function subscriberFormValues(detail: SubscriberDetail): SubscriberFormValues {
  const s = detail.subscriber;
  return {
    firstName: s.firstName,
    middleName: s.middleName ?? '',
    lastName: s.lastName,
    ssn: '',
    ssnLast4: detail.ssnLast4,
    dateOfBirth: s.dateOfBirth,
    maritalStatusPK: s.maritalStatusPK ?? s.maritalStatusID ?? DEFAULT_MARITAL_STATUS_PK,
    genderID: s.genderID ?? undefined,
    address1: s.address1,
    address2: s.address2 ?? '',
    city: s.city,
    stateID: s.stateID ?? undefined,
    zipCode: s.zipCode,
    phone1: s.phone1 ?? '',
    phone2: s.phone2 ?? '',
    emailAddress: s.emailAddress ?? s.email ?? '',
  };
}

type DependentFormValues = Omit<ExistingDependentForm, 'genderPK' | 'relationshipPK'> & {
  genderPK: number | undefined;
  relationshipPK: number | undefined;
};

export function dependentFormValues(dependent: Dependent): DependentFormValues {
  const a = dependent.address;
  return {
    dependentPK: dependent.dependentPK,
    firstName: dependent.firstName,
    middleInitial: dependent.middleInitial ?? '',
    lastName: dependent.lastName,
    ssn: '',
    ssnLast4: dependent.ssnLast4 ?? undefined,
    dateOfBirth: dependent.dateOfBirth,
    genderPK: dependent.genderPK ?? undefined,
    relationshipPK: dependent.relationshipPK,
    maritalStatusPK: dependent.maritalStatusPK ?? DEFAULT_MARITAL_STATUS_PK,
    marriageDate: dependent.marriageDate ?? '',
    phone1: dependent.phone1 ?? '',
    phone2: dependent.phone2 ?? '',
    emailAddress: dependent.emailAddress ?? '',
    sameAddress: dependent.sameAddress,
    address: {
      address1: a.address1 ?? '',
      address2: a.address2 ?? '',
      city: a.city ?? '',
      zipCode: a.zipCode ?? '',
      stateID: a.stateID ?? undefined,
    },
  };
}
