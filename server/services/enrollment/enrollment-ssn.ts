// Full SSNs of an enrollment request live in server-only columns (`requests.ssn`,
// `requests.dependentSsns`); the stored payload and everything read back carry `ssnLast4` only.
// A save that leaves an SSN empty keeps the one stored before: the browser never gets it back, so it
// cannot resend it.

import { ssnLast4Of } from '../../../src/contracts/person-rules';

type Person = Record<string, unknown>;

const FULL_SSN = /^\d{3}-\d{2}-\d{4}$/;
const LAST4 = /^\d{4}$/;

/** A typed SSN, or undefined when the field was left out or empty. */
function typedSsn(person: Person): string | undefined {
  return typeof person.ssn === 'string' && person.ssn !== '' ? person.ssn : undefined;
}

function wellFormed(ssn: string | null | undefined): string | null {
  return ssn && FULL_SSN.test(ssn) ? ssn : null;
}

function validLast4(value: unknown): string | undefined {
  return typeof value === 'string' && LAST4.test(value) ? value : undefined;
}

/** Same person without the full SSN, carrying exactly the given last 4 (or none). */
export function withoutSsn(person: Person, ssnLast4: string | undefined): Person {
  const { ssn: _ssn, ssnLast4: _sent, ...rest } = person;
  return ssnLast4 ? { ...rest, ssnLast4 } : rest;
}

export type MergedPerson = {
  /** What the form schema checks: the typed SSN, or none (and ssnLast4 of the stored one). */
  forValidation: Person;
  /** What is stored in the payload: never a full SSN. */
  forStorage: Person;
  /** The full SSN that applies, if it is well formed. */
  ssn: string | null;
  /** No SSN typed, one already on file: the schema variant without a required SSN applies. */
  ssnStored: boolean;
};

function typedPerson(person: Person, typed: string, fallbackLast4: string | undefined): MergedPerson {
  const ssn = wellFormed(typed);
  const digits = ssn ? ssnLast4Of(ssn) : fallbackLast4;
  return {
    forValidation: { ...person, ssn: typed, ssnLast4: digits },
    forStorage: withoutSsn(person, digits),
    ssn,
    ssnStored: false,
  };
}

function untypedPerson(person: Person, stored: string | null, fallbackLast4: string | undefined): MergedPerson {
  const digits = stored ? ssnLast4Of(stored) : fallbackLast4;
  // A non-text SSN is not "left empty": the schema gets it and says so.
  const wrongType = person.ssn !== undefined && person.ssn !== null && typeof person.ssn !== 'string';
  return {
    forValidation: { ...person, ssn: wrongType ? person.ssn : undefined, ssnLast4: digits },
    forStorage: withoutSsn(person, digits),
    ssn: stored,
    ssnStored: stored !== null,
  };
}

/**
 * The subscriber block with the SSN that applies: the typed one, else the one stored with the request.
 * `memberLast4` is an existing member's own last 4 (change coverage), used when no SSN applies.
 */
export function mergeSubscriberSsn(subscriber: Person, storedSsn: string | null, memberLast4?: string): MergedPerson {
  const typed = typedSsn(subscriber);
  return typed
    ? typedPerson(subscriber, typed, memberLast4)
    : untypedPerson(subscriber, wellFormed(storedSsn), memberLast4);
}

/**
 * Dependents with the SSN that applies to each. A dependent without a typed SSN gets the stored SSN
 * whose last 4 equal its `ssnLast4` (as the draft handed them out), preferring the one stored at the
 * same position; each stored SSN is used once. Matching by last 4 rather than by position alone keeps
 * the right SSN with the right person when a dependent is deleted or the list is reordered.
 * An existing member's dependent (with a dependentPK) keeps the last 4 it was read with.
 */
export function mergeDependentSsns(dependents: Person[], storedSsns: readonly (string | null)[]): MergedPerson[] {
  const unused = new Map<number, string>();
  storedSsns.forEach((ssn, index) => {
    const ok = wellFormed(ssn);
    if (ok) unused.set(index, ok);
  });
  const take = (index: number, digits: string): string | null => {
    const sameSlot = unused.get(index);
    const found =
      sameSlot !== undefined && ssnLast4Of(sameSlot) === digits
        ? ([index, sameSlot] as const)
        : [...unused].find(([, ssn]) => ssnLast4Of(ssn) === digits);
    if (!found) return null;
    unused.delete(found[0]);
    return found[1];
  };

  return dependents.map((dependent, index) => {
    const onFile = typeof dependent.dependentPK === 'number' && dependent.dependentPK > 0;
    const sentLast4 = validLast4(dependent.ssnLast4);
    const typed = typedSsn(dependent);
    if (typed) return typedPerson(dependent, typed, onFile ? sentLast4 : undefined);
    const stored = sentLast4 ? take(index, sentLast4) : null;
    return untypedPerson(dependent, stored, onFile ? sentLast4 : undefined);
  });
}
