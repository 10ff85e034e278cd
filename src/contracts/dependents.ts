import { z } from 'zod';
import { flag, id, isoDate, pk, ssnLast4, text } from './common';
import {
  LIMITS,
  MESSAGES,
  address2,
  birthDate,
  email,
  middleInitial,
  optionalPhone,
  personName,
  requiredNumber,
  ssn,
} from './person-rules';
import { changeReasonDetails } from './subscribers';

/** Dependent as read from the server (spec 2 §3). The full SSN is never sent. */
export const dependent = z.object({
  dependentPK: z.number().int(),
  subscriberPK: z.number().int(),
  dependentID: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  middleInitial: z.string().nullable(),
  ssnLast4: ssnLast4.nullable(),
  isEmployed: z.boolean(),
  genderPK: z.number().int().nullable(),
  maritalStatusPK: z.number().int().nullable(),
  marriageDate: isoDate.nullable(),
  relationshipPK: z.number().int(),
  /** Lists name it relationPK (spec 2 §3). */
  relationPK: z.number().int(),
  relationship: z.string(),
  dateOfBirth: isoDate,
  phone1: z.string().nullable(),
  phone2: z.string().nullable(),
  emailAddress: z.string().nullable(),
  sameAddress: z.boolean(),
  address: z.object({
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    zipCode: z.string().nullable(),
    city: z.string().nullable(),
    stateID: z.number().int().nullable(),
  }),
  isTermed: z.boolean(),
  termDate: isoDate.nullable(),
});
export type Dependent = z.infer<typeof dependent>;

export const dependentListQuery = z.object({ subscriberPK: pk, includetermed: flag.default(true) });
export const dependentList = z.array(dependent);

export const dependentQuery = z.object({ dependentPK: pk });

const dependentFormBase = z.object({
  dependentPK: id.optional(),
  firstName: personName(MESSAGES.firstNameRequired),
  lastName: personName(MESSAGES.lastNameRequired),
  middleInitial,
  dateOfBirth: birthDate(MESSAGES.dependentDobRequired),
  relationshipPK: requiredNumber('Relationship is required.'),
  genderPK: requiredNumber(MESSAGES.genderRequired),
  maritalStatusPK: id.default(1),
  marriageDate: z.iso.date({ message: 'Marriage date must be in MM/DD/YYYY format.' }).optional().or(z.literal('')),
  phone1: optionalPhone,
  phone2: optionalPhone,
  emailAddress: email.optional().or(z.literal('')),
  sameAddress: z.boolean().default(true),
  address: z
    .object({
      address1: text(LIMITS.address1).optional(),
      address2,
      zipCode: text(10).optional(),
      city: text(LIMITS.cityExisting).optional(),
      stateID: id.optional(),
    })
    .optional(),
});

/** Dependent of a new enrollment: SSN required. */
export const newDependentForm = dependentFormBase.extend({ ssn });

/** Dependent of an existing subscriber: SSN optional. */
export const existingDependentForm = dependentFormBase.extend({
  ssn: ssn.optional().or(z.literal('')),
  ssnLast4: ssnLast4.optional(),
});
export type ExistingDependentForm = z.input<typeof existingDependentForm>;

export const updateDependentBody = z.object({
  dependent: existingDependentForm,
  changeReasonDetails: changeReasonDetails.optional(),
  employerPK: id,
});
