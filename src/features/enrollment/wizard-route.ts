import { redirect } from '@tanstack/react-router';
import { enrollmentQueries } from '../../api/enrollment-queries';
import type { GroupLoaderContext } from '../../lib/router-context';
import { useAppStore } from '../../stores/app-store';

/** Steps 2 to 4 continue a request: without one the wizard starts at step 1. */
export function requireEnrollmentRequest(): void {
  if (useAppStore.getState().enrollment.requestPK === null) {
    throw redirect({ to: '/enroll-subscriber/personal-information', replace: true });
  }
}

/** What a step restores from before it renders: the saved draft, and per step what it shows. */
export async function loadEnrollmentStep(
  { queryClient, employerPK }: GroupLoaderContext,
  step: 1 | 2 | 3 | 4,
): Promise<void> {
  const { requestPK, subscriberPK } = useAppStore.getState().enrollment;
  const jobs: Promise<unknown>[] = [queryClient.ensureQueryData(enrollmentQueries.draft(requestPK))];
  if (step === 1) jobs.push(queryClient.ensureQueryData(enrollmentQueries.member(subscriberPK)));
  if (step === 4) jobs.push(queryClient.ensureQueryData(enrollmentQueries.divisions(employerPK)));
  await Promise.all(jobs);
}
