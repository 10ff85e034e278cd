import { redirect } from '@tanstack/react-router';
import { enrollmentQueries } from '../../api/enrollment-queries';
import { lookupQueries } from '../../api/lookup-queries';
import type { GroupLoaderContext } from '../../lib/router-context';
import { readEnrollmentDraft } from '../../stores/enrollment-draft-slice';

/** Steps 2 to 4 and the review continue a request: without one the wizard starts at step 1. */
export function requireEnrollmentRequest(): void {
  if (readEnrollmentDraft().requestPK === null) {
    throw redirect({ to: '/enroll-subscriber/personal-information', replace: true });
  }
}

/** What a step restores from before it renders: the saved draft, and per step what it shows. */
export async function loadEnrollmentStep(
  { queryClient, employerPK }: GroupLoaderContext,
  step: 1 | 2 | 3 | 4 | 'review',
): Promise<void> {
  const { requestPK, subscriberPK } = readEnrollmentDraft();
  const jobs: Promise<unknown>[] = [
    queryClient.ensureQueryData(enrollmentQueries.draft(requestPK)),
    // The member whose coverage changes names every step of that journey (and prefills steps 1 and 4).
    queryClient.ensureQueryData(enrollmentQueries.member(subscriberPK)),
  ];
  if (subscriberPK !== null) jobs.push(queryClient.ensureQueryData(lookupQueries.changePlanReasons(true)));
  if (step === 4 || step === 'review') jobs.push(queryClient.ensureQueryData(enrollmentQueries.divisions(employerPK)));
  if (step === 'review') jobs.push(queryClient.ensureQueryData(lookupQueries.dropdowns()));
  await Promise.all(jobs);
}
