/** The only form an SSN takes on screen: the last 4 digits behind a mask. */
export function maskSsn(last4: string | null | undefined): string {
  return last4 ? `***-**-${last4}` : '';
}

/** 'City, ST', leaving out whichever part is missing. */
export function cityAndState(city: string | null | undefined, state: string | null | undefined): string {
  return [city, state].filter((part) => part && part.trim()).join(', ');
}

export function personName(...parts: (string | null | undefined)[]): string {
  return parts.filter((part) => part && part.trim()).join(' ');
}
