// Member rows as processing reads and writes them: the locked subscriber and its dependents, the
// columns taken from the wizard's form values, coverage ends and new member numbers.
import { and, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { wizardDependent } from '../../../src/contracts/enrollment';
import type { existingDependentForm } from '../../../src/contracts/dependents';
import { ssnLast4Of } from '../../../src/contracts/person-rules';
import type { existingSubscriberForm, newSubscriberForm } from '../../../src/contracts/subscribers';
import type { Db } from '../../db/client';
import { coverages, dependents, subscribers } from '../../db/schema';
import type { RequestRow } from './processing-outcome';

export type SubscriberForm = z.output<typeof existingSubscriberForm> | z.output<typeof newSubscriberForm>;
export type DependentForm = z.output<typeof existingDependentForm> | z.output<typeof wizardDependent>;

// ---------------------------------------------------------------------------------------------------
// Member columns from the wizard's form values.

export const orNull = (value: string | null | undefined) => (value ? value : null);

export function subscriberColumns(form: SubscriberForm) {
  return {
    firstName: form.firstName,
    middleName: orNull(form.middleName),
    lastName: form.lastName,
    dateOfBirth: form.dateOfBirth,
    genderPK: form.genderID,
    maritalStatusPK: form.maritalStatusPK,
    address1: form.address1,
    address2: orNull(form.address2),
    city: form.city,
    statePK: form.stateID,
    zipCode: form.zipCode,
    phone1: form.phone1,
    phone2: orNull(form.phone2),
    email: form.emailAddress,
  };
}

type HomeAddress = Pick<typeof subscribers.$inferSelect, 'address1' | 'address2' | 'city' | 'statePK' | 'zipCode'>;

/** A dependent living with the subscriber repeats the subscriber's address (see the schema). */
export function dependentColumns(form: DependentForm, home: HomeAddress) {
  const own = form.address;
  const address = form.sameAddress
    ? {
        address1: home.address1,
        address2: home.address2,
        city: home.city,
        statePK: home.statePK,
        zipCode: home.zipCode,
      }
    : {
        address1: orNull(own?.address1),
        address2: orNull(own?.address2),
        city: orNull(own?.city),
        statePK: own?.stateID ?? null,
        zipCode: orNull(own?.zipCode),
      };
  return {
    firstName: form.firstName,
    middleInitial: orNull(form.middleInitial),
    lastName: form.lastName,
    dateOfBirth: form.dateOfBirth,
    genderPK: form.genderPK,
    maritalStatusPK: form.maritalStatusPK,
    relationshipPK: form.relationshipPK,
    marriageDate: orNull(form.marriageDate),
    phone1: orNull(form.phone1),
    phone2: orNull(form.phone2),
    email: orNull(form.emailAddress),
    sameAddress: form.sameAddress,
    ...address,
  };
}

export const ssnColumns = (ssn: string | null) => (ssn ? { ssn, ssnLast4: ssnLast4Of(ssn) } : {});

// ---------------------------------------------------------------------------------------------------
// The member a request is about, locked or read, and SSNs held by others.

/** The group's subscriber of the request, locked while it is changed. */
export async function lockMember(tx: Db, row: RequestRow) {
  if (row.subscriberPK === null) return null;
  const [member] = await tx
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.subscriberPK, row.subscriberPK), eq(subscribers.employerPK, row.employerPK)))
    .for('update');
  return member ?? null;
}

export async function dependentOfMember(tx: Db, subscriberPK: number, dependentPK: number | null) {
  if (dependentPK === null) return null;
  const [dependent] = await tx
    .select()
    .from(dependents)
    .where(and(eq(dependents.dependentPK, dependentPK), eq(dependents.subscriberPK, subscriberPK)));
  return dependent ?? null;
}

/** True when another subscriber of the group holds the SSN. */
export async function ssnHeldByOther(tx: Db, employerPK: number, ssn: string, subscriberPK: number) {
  const [other] = await tx
    .select({ pk: subscribers.subscriberPK })
    .from(subscribers)
    .where(
      and(eq(subscribers.employerPK, employerPK), eq(subscribers.ssn, ssn), ne(subscribers.subscriberPK, subscriberPK)),
    )
    .limit(1);
  return other !== undefined;
}

/** Ends the coverages in scope on `lastDay`; those that would only have begun after it are removed. */
export async function endCoverages(tx: Db, scope: SQL, lastDay: string) {
  await tx.delete(coverages).where(and(scope, gt(coverages.beginDate, lastDay)));
  await tx
    .update(coverages)
    .set({ endDate: lastDay })
    .where(and(scope, or(isNull(coverages.endDate), gt(coverages.endDate, lastDay))));
}

// ---------------------------------------------------------------------------------------------------
// Member numbers, in the seed's pattern: S + 2-digit group + running number; dependents -NN.

const SUBSCRIBER_NUMBER_DIGITS = 6;
export const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Serialises new subscribers of a group across transactions (and API replicas) until commit. */
export async function lockGroupNumbers(tx: Db, employerPK: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriber-id:${employerPK}`}))`);
}

export async function nextSubscriberID(tx: Db, employerPK: number) {
  const prefix = `S${pad(employerPK, 2)}`;
  const [row] = await tx
    // The cast matters: `substring(text from text)` would be the regular-expression form.
    .select({
      max: sql<number | null>`max(substring(${subscribers.subscriberID} from ${prefix.length + 1}::int)::int)`,
    })
    .from(subscribers)
    .where(and(eq(subscribers.employerPK, employerPK), sql`${subscribers.subscriberID} ~ ${`^${prefix}[0-9]+$`}`));
  return `${prefix}${pad((row?.max ?? 0) + 1, SUBSCRIBER_NUMBER_DIGITS)}`;
}

export async function nextDependentNumber(tx: Db, subscriberPK: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(dependents)
    .where(eq(dependents.subscriberPK, subscriberPK));
  return (row?.n ?? 0) + 1;
}
