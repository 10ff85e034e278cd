// Deterministic generators for people, addresses and identifiers, shared by the demo groups and the
// large benchmark group. Every value comes from the Faker instance passed in, never Math.random.
import { Faker, base, en, en_US } from '@faker-js/faker';
import { ssnLast4Of } from '../../../src/contracts/person-rules';
import { addDays, daysBetween, parseIsoDate } from '../../lib/calendar';
import { STATES } from './data';

export const SEED = 20250724;

/** A private Faker so seeding never disturbs (or is disturbed by) the shared `faker` instance. */
export function createFaker(seed: number, today: string): Faker {
  const f = new Faker({ locale: [en_US, en, base] });
  f.seed(seed);
  // Any relative date helper is anchored to the seed's `today`, not the wall clock.
  f.setDefaultRefDate(parseIsoDate(today));
  return f;
}

export const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** A uniformly random calendar day in [from, to]; `from` when the range is empty. */
export function randomDate(f: Faker, from: string, to: string): string {
  const span = daysBetween(from, to);
  return span <= 0 ? from : addDays(from, f.number.int({ min: 0, max: span }));
}

// Mirrors the UI's name rule (letters, spaces, hyphens, apostrophes, graves; max 25).
const NAME_OK = /^[A-Za-z][A-Za-z '`-]{0,24}$/;
const CITY_OK = /^[A-Za-z][A-Za-z .'`-]{0,24}$/;
const ADDRESS1_OK = /^[A-Za-z0-9][A-Za-z0-9 .\-#/,'`:;&]{0,89}$/;
const ADDRESS2_OK = /^[A-Za-z0-9 .\-#/]{1,90}$/;

function valid(generate: () => string, rule: RegExp, fallback: string): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const value = generate();
    if (rule.test(value)) return value;
  }
  return fallback;
}

type Sex = 'male' | 'female' | undefined;

export function sexOf(genderPK: number): Sex {
  return genderPK === 1 ? 'male' : genderPK === 2 ? 'female' : undefined;
}

export function firstName(f: Faker, sex: Sex): string {
  return valid(() => f.person.firstName(sex), NAME_OK, 'Alex');
}

export function lastName(f: Faker): string {
  return valid(() => f.person.lastName(), NAME_OK, 'Taylor');
}

export function initial(f: Faker): string {
  return f.string.alpha({ length: 1, casing: 'upper' });
}

export function genderPK(f: Faker): number {
  return f.helpers.weightedArrayElement([
    { value: 1, weight: 48 },
    { value: 2, weight: 50 },
    { value: 3, weight: 2 },
  ]);
}

/**
 * SSNs that can never be real: area 000, 666 and 900-999 are never issued, so the generator keeps to
 * 001-899 minus 666 and never uses group 00 or serial 0000. Unique within one factory.
 */
export function createSsnFactory(f: Faker): () => string {
  const used = new Set<string>();
  return () => {
    for (;;) {
      const area = f.number.int({ min: 1, max: 899 });
      const group = f.number.int({ min: 1, max: 99 });
      const serial = f.number.int({ min: 1, max: 9999 });
      if (area === 666) continue;
      const ssn = `${pad(area, 3)}-${pad(group, 2)}-${pad(serial, 4)}`;
      if (used.has(ssn)) continue;
      used.add(ssn);
      return ssn;
    }
  };
}

/** Who a seeded person is, in the columns subscriber and dependent rows share. */
type Person = { firstName: string; lastName: string; ssn: string; dateOfBirth: string; genderPK: number };

export const personColumns = (person: Person) => ({ ...person, ssnLast4: ssnLast4Of(person.ssn) });

/** Ten digits, no punctuation (the UI stores digits only); area and exchange never start with 0 or 1. */
export function phone(f: Faker): string {
  return `${f.number.int({ min: 201, max: 989 })}${f.number.int({ min: 200, max: 999 })}${pad(f.number.int({ min: 0, max: 9999 }), 4)}`;
}

export function emailFor(f: Faker, first: string, last: string, domain: string): string {
  const clean = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  const suffix = f.datatype.boolean({ probability: 0.3 }) ? String(f.number.int({ min: 1, max: 99 })) : '';
  return `${clean(first)}.${clean(last)}${suffix}@${domain}`.slice(-64);
}

export type Address = { address1: string; address2: string | null; city: string; statePK: number; zipCode: string };

export function address(f: Faker): Address {
  const state = f.helpers.arrayElement(STATES);
  return {
    address1: valid(() => f.location.streetAddress(), ADDRESS1_OK, '100 Main St'),
    address2: f.datatype.boolean({ probability: 0.25 })
      ? valid(() => f.location.secondaryAddress(), ADDRESS2_OK, 'Apt 1')
      : null,
    city: valid(() => f.location.city(), CITY_OK, 'Springfield'),
    statePK: state.pk,
    zipCode: f.datatype.boolean({ probability: 0.15 }) ? f.location.zipCode('#####-####') : f.location.zipCode('#####'),
  };
}

/** Rounds to cents. */
export const cents = (value: number) => Math.round(value * 100) / 100;
