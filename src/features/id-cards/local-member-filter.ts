import type { SubscriberSummary } from '../../contracts/subscribers';

/** The ID card screen's optional filter of the page on screen (spec 2 §2); never sent to the server. */
export type LocalMemberFilter = {
  lastName: string;
  firstName: string;
  /** At most the last 4 digits. */
  ssn: string;
};

export const EMPTY_LOCAL_FILTER: LocalMemberFilter = { lastName: '', firstName: '', ssn: '' };

export const LOCAL_SSN_FILTER_LENGTH = 4;

const includesIgnoringCase = (value: string, part: string) =>
  value.toLocaleLowerCase().includes(part.toLocaleLowerCase());

/**
 * Spec 2 §4 "Lists": names match by case-insensitive substring, the SSN by substring of the last 4
 * digits. Blank fields match everything; surrounding spaces are not part of what was typed.
 */
export function matchesLocalFilter(
  member: Pick<SubscriberSummary, 'lastName' | 'firstName' | 'ssnLast4'>,
  filter: LocalMemberFilter,
): boolean {
  const lastName = filter.lastName.trim();
  const firstName = filter.firstName.trim();
  const ssn = filter.ssn.trim();
  return (
    (!lastName || includesIgnoringCase(member.lastName, lastName)) &&
    (!firstName || includesIgnoringCase(member.firstName, firstName)) &&
    (!ssn || member.ssnLast4.includes(ssn))
  );
}

export function isLocalFilterEmpty(filter: LocalMemberFilter): boolean {
  return !filter.lastName.trim() && !filter.firstName.trim() && !filter.ssn.trim();
}

export function filterMembers<M extends Pick<SubscriberSummary, 'lastName' | 'firstName' | 'ssnLast4'>>(
  members: M[],
  filter: LocalMemberFilter,
): M[] {
  return isLocalFilterEmpty(filter) ? members : members.filter((member) => matchesLocalFilter(member, filter));
}

/** What the SSN field keeps of a typed value: digits only, at most 4. */
export function localSsnInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, LOCAL_SSN_FILTER_LENGTH);
}
