import type { Person } from '../pages/enrollment-wizard-page';

export const randomInt = (max: number) => Math.floor(Math.random() * max);
export const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');

// Area 900-999 is never issued, and the seed never uses it: no collision with a member on file.
export const testSsn = () => `9${pad(randomInt(100))}-${pad(1 + randomInt(99))}-${pad(1 + randomInt(9999), 4)}`;

/** A new subscriber no other run has typed: the last name starts with `prefix`, the SSN is unissued. */
export function newPerson(prefix: string, overrides: Partial<Person> = {}): Person {
  const lastName = `${prefix}${letters(8)}`;
  return {
    firstName: 'Dana',
    lastName,
    ssn: testSsn(),
    dateOfBirth: '04/12/1988',
    gender: 'Female',
    address1: '12 Elm Street',
    city: 'Springfield',
    state: 'Illinois',
    zipCode: '62704',
    phone: '2175550123',
    email: `dana.${lastName.toLowerCase()}@example.com`,
    ...overrides,
  };
}
