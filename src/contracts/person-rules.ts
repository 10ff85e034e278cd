import { z } from 'zod';
import { INT32_MAX } from './common';

// Field rules of spec 1 §5, shared by the subscriber and dependent schemas. Messages are the spec's
// own wording, spelling included.

export const LIMITS = {
  name: 25,
  middleInitial: 1,
  address1: 90,
  city: 25,
  cityExisting: 30,
  phoneDigits: 11,
  email: 64,
  /** Input limits (what a field lets you type), wider than validation (spec 1 §5 "Input limits"). */
  phoneInput: 20,
  subscriberEmailInput: 150,
  dependentEmailInput: 200,
  ssnFilter: 4,
} as const;

export const MESSAGES = {
  nameMin: 'Min of 1 character is required.',
  nameMax: 'Max 25 characters allowable.',
  nameChars: 'Only alpha characters, spaces, hyphens, apostrophes, and graves allowed.',
  firstNameRequired: 'First name is required. Maximum length of 25 characters allowed.',
  lastNameRequired: 'Last name is required. Maximum length of 25 characters allowed.',
  middleMax: 'Max 1 character allowable.',
  middleLetter: 'Middle name must be a single letter or left blank.',
  ssnRequired: 'SSN required',
  ssnInvalid: 'Please enter a valid social security number (SSN).',
  ssnMask: 'Please enter the correct SSN code',
  dobFormat: 'Date of birth must be in MM/DD/YYYY format',
  dobInvalid: 'Date of birth is required and must be in  MM/DD/YYYY format',
  dobRequired: 'Birth date is required',
  dobFuture: 'Date of birth cannot be in the future.',
  dependentDobRequired: 'A Birth date is a required field.',
  genderRequired: 'Gender is required.',
  stateRequired: 'State is required.',
  addressRequired: 'Address is required.',
  zip: 'Zipcode must be exactly 5 digits (e.g., 12345) or 9 digits (e.g., 12345-6789).',
  phoneMax: 'Max 11 characters allowable, (Country code + phone number) e.g. 1123456789',
  phoneDigits: 'All values must be numerical.',
} as const;

const NAME_CHARS = /^[A-Za-z \-'`]*$/;

export function personName(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, MESSAGES.nameMin)
    .max(LIMITS.name, MESSAGES.nameMax)
    .regex(NAME_CHARS, MESSAGES.nameChars);
}

export const middleInitial = z
  .string()
  .max(LIMITS.middleInitial, MESSAGES.middleMax)
  .regex(/^[A-Za-z]?$/, MESSAGES.middleLetter)
  .optional()
  .or(z.literal(''));

export const ssn = z
  .string({ error: MESSAGES.ssnRequired })
  .min(1, MESSAGES.ssnRequired)
  .length(11, MESSAGES.ssnInvalid)
  .regex(/^\d{3}-\d{2}-\d{4}$/, MESSAGES.ssnMask);

/** The last four digits of an SSN: the only part of it that leaves the server or is shown. */
export function ssnLast4Of(ssn: string): string {
  return ssn.slice(-4);
}

/** Today's date and the instants it runs from and to: every birth date checked asks for it. */
const today = { text: '', from: 0, until: 0 };

/** Today as a calendar date in the user's own zone (never shifted through UTC). */
export function todayIsoDate(now?: Date): string {
  if (now) return localIsoDate(now);
  const at = Date.now();
  if (at < today.from || at >= today.until) {
    const date = new Date(at);
    today.text = localIsoDate(date);
    today.from = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
    today.until = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime();
  }
  return today.text;
}

function localIsoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function birthDate(requiredMessage: string = MESSAGES.dobRequired) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .max(10, MESSAGES.dobFormat)
    .pipe(z.iso.date({ message: MESSAGES.dobFormat }))
    .refine((d) => d <= todayIsoDate(), MESSAGES.dobFuture);
}

export const zipCode = z
  .string({ error: MESSAGES.zip })
  .max(10, MESSAGES.zip)
  .regex(/^\d{5}(-\d{4})?$/, MESSAGES.zip);

export const phone = z.string().max(LIMITS.phoneDigits, MESSAGES.phoneMax).regex(/^\d*$/, MESSAGES.phoneDigits);

export const requiredPhone = phone.min(1, MESSAGES.phoneDigits);

export const optionalPhone = phone.optional().or(z.literal(''));

export const address1 = z
  .string({ error: MESSAGES.addressRequired })
  .min(1, MESSAGES.addressRequired)
  .max(LIMITS.address1)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 .\-#/,'`:;&]*$/, 'Address contains characters that are not allowed.');

export const address2 = z
  .string()
  .max(LIMITS.address1)
  .regex(/^[A-Za-z0-9 .\-#/]*$/, 'Address line 2 allows letters, digits, spaces and . - # / only.')
  .optional()
  .or(z.literal(''));

export function city(max: number = LIMITS.city) {
  return z
    .string({ error: 'City is required.' })
    .min(1, 'City is required.')
    .max(max, `Max ${max} characters allowable.`)
    .regex(/^[A-Za-z .\-'`]*$/, "City allows letters, spaces and . - ' ` only.");
}

export const email = z.email('Please enter a valid email address.').max(LIMITS.email, 'Max 64 characters allowable.');

/** A required lookup id (gender, state, relationship…): one message for missing and out of range. */
export const requiredNumber = (message: string) =>
  z.number({ error: message }).int({ message }).positive({ message }).max(INT32_MAX, { message });
