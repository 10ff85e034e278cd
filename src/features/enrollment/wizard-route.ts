import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { Session } from '../../lib/session';
import { selectCurrentEmployerPK, useAppStore } from '../../stores/app-store';
import { enrollmentQueries } from './api/enrollment-queries';

/** Steps 2 to 4 continue a request: without one the wizard starts at step 1. */
export function requireEnrollmentRequest(): void {
  if (useAppStore.getState().enrollment.requestPK === null) {
    throw redirect({ to: '/enroll-subscriber/personal-information', replace: true });
  }
}

/** What a step restores from before it renders: the saved draft, and per step what it shows. */
export async function loadEnrollmentStep(
  { queryClient, session }: { queryClient: QueryClient; session: Session },
  step: 1 | 2 | 3 | 4,
): Promise<void> {
  const state = useAppStore.getState();
  const { requestPK, subscriberPK } = state.enrollment;
  const jobs: Promise<unknown>[] = [queryClient.ensureQueryData(enrollmentQueries.draft(requestPK))];
  if (step === 1) jobs.push(queryClient.ensureQueryData(enrollmentQueries.member(subscriberPK)));
  const employerPK = selectCurrentEmployerPK(state, session.groupRoles);
  if (step === 4 && employerPK !== null)
    jobs.push(queryClient.ensureQueryData(enrollmentQueries.divisions(employerPK)));
  await Promise.all(jobs);
}
