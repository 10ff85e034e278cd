// Deterministic generators for people, addresses and identifiers, shared by the demo groups and the
// large benchmark group. Every value comes from the Faker instance passed in, never Math.random.
import type { Faker } from '@faker-js/faker';
import { ssnLast4Of } from '../../../src/contracts/person-rules';
import { parseIsoDate } from '../../lib/calendar';
import { STATES } from './data';

export const SEED = 20250724;

/**
 * A private Faker so seeding never disturbs (or is disturbed by) the shared `faker` instance. Loaded
 * only when a seed runs: Faker's entry loads every locale, 16 MB of heap a serving process would keep.
 */
export async function createFaker(seed: number, today: string): Promise<Faker> {
  const { Faker, base, en, en_US } = await import('@faker-js/faker');
  const f = new Faker({ locale: [en_US, en, base] });
  f.seed(seed);
  // Any relative date helper is anchored to the seed's `today`, not the wall clock.
  f.setDefaultRefDate(parseIsoDate(today));
  return f;
}

export const pad = (value: number, width: number) => String(value).padStart(width, '0');

// Calendar days as whole numbers (days since 1970-01-01, UTC), for generators that run a million times:
// the same results as lib/calendar's helpers, without parsing and formatting through date-fns each call.
const DAY_MS = 86_400_000;

export function dayNumber(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}

// Formatted days are kept: a seed draws its dates from a few tens of thousands of days.
const isoDays = new Map<number, string>();

export function isoOfDay(day: number): string {
  let iso = isoDays.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoDays.set(day, iso);
  }
  return iso;
}

/** lib/calendar's addYears: 29 February becomes 28 February in a year that has none. */
export function addYearsIso(iso: string, years: number): string {
  const year = String(Number(iso.slice(0, 4)) + years).padStart(4, '0');
  const rest = iso.slice(4);
  if (rest !== '-02-29') return year + rest;
  const y = Number(year);
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? year + rest : `${year}-02-28`;
}

/** A uniformly random calendar day in [from, to]; `from` when the range is empty. */
export function randomDate(f: Faker, from: string, to: string): string {
  const start = dayNumber(from);
  const span = dayNumber(to) - start;
  return span <= 0 ? from : isoOfDay(start + f.number.int({ min: 0, max: span }));
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
  // Kept as numbers (small integers to V8): a million strings in a Set would cost several times more.
  const used = new Set<number>();
  return () => {
    for (;;) {
      const area = f.number.int({ min: 1, max: 899 });
      const group = f.number.int({ min: 1, max: 99 });
      const serial = f.number.int({ min: 1, max: 9999 });
      if (area === 666) continue;
      const key = area * 1_000_000 + group * 10_000 + serial;
      if (used.has(key)) continue;
      used.add(key);
      return `${pad(area, 3)}-${pad(group, 2)}-${pad(serial, 4)}`;
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
