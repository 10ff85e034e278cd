import { useAppStore, type EnrollmentDraft } from './app-store';

// The enrollment wizard's own slice of the app store: the pointers of its draft and the count of its
// fresh starts. Only the enrollment feature writes it; another journey that starts or ends an
// enrollment goes through enrollment-handoff.ts.

export function readEnrollmentDraft(): EnrollmentDraft {
  return useAppStore.getState().enrollment;
}

export function updateEnrollmentDraft(patch: Partial<EnrollmentDraft>): void {
  useAppStore.getState().updateDraft(patch);
}

/** Empties the pointers and drops the typed forms: the wizard starts again. */
export function clearEnrollmentDraft(): void {
  useAppStore.getState().clearSubscriber();
}

/** Drops what was typed and takes the draft as saved, at `version` (after a 409 conflict). */
export function reloadEnrollmentDraft(version: number): void {
  useAppStore.getState().reloadEnrollment(version);
}

/** How often the wizard started again (a clear or a reload); an open step keyed on it starts anew. */
export function enrollmentResets(): number {
  return useAppStore.getState().enrollmentResets;
}

export function useEnrollmentResets(): number {
  return useAppStore((state) => state.enrollmentResets);
}

export function useEnrollmentRequestPK(): number | null {
  return useAppStore((state) => state.enrollment.requestPK);
}
