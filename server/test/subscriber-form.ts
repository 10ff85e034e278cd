import type { subscribers } from '../db/schema';

type Subscriber = typeof subscribers.$inferSelect;

/** The update form as the SPA fills it from the member on file, with any changes typed on top. */
export function subscriberUpdateForm(s: Subscriber, changes: Record<string, unknown> = {}) {
  return {
    firstName: s.firstName,
    lastName: s.lastName,
    middleName: s.middleName ?? '',
    ssnLast4: s.ssnLast4,
    dateOfBirth: s.dateOfBirth,
    maritalStatusPK: s.maritalStatusPK,
    genderID: s.genderPK,
    address1: s.address1,
    address2: s.address2 ?? '',
    city: s.city,
    stateID: s.statePK,
    zipCode: s.zipCode,
    phone1: s.phone1,
    phone2: s.phone2 ?? '',
    emailAddress: s.email,
    ...changes,
  };
}
