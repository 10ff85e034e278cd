import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { APP_STORE_KEY, ENROLLMENT_FORMS_KEY_PREFIX } from '../lib/app-storage';
import type { ModalName } from './modal-slice';

/** Pointers of the enrollment wizard's draft; the draft itself lives on the server. */
export type EnrollmentDraft = {
  requestPK: number | null;
  subscriberPK: number | null;
  changeReasonPK: number | null;
  step: number | null;
  /**
   * The draft's version this tab's forms start from: each save sends it (a stale one answers 409).
   * Absent until a save or a loaded draft tells it.
   */
  version?: number;
  /** ISO date (yyyy-MM-dd) of a dependent's termination; the next enrollment starts the day after. */
  dependentTermDate: string | null;
};

/**
 * The one store of the app. Modules outside src/stores reach it through its slices: the modal
 * (modal-slice), the current group (current-group-slice), the enrollment draft (enrollment-draft-slice,
 * the wizard's own; other journeys use enrollment-handoff), the analytics choice (analytics-slice).
 * eslint.config.js says which feature may import which slice.
 */
type AppData = {
  employer: { currentEmployerPK: number | null };
  enrollment: EnrollmentDraft;
  /**
   * Counts clearSubscriber and reloadEnrollment calls (not persisted): an open wizard form keyed on it
   * starts again from the saved draft.
   */
  enrollmentResets: number;
  modal: ModalName | null;
  analyticsOptOut: boolean;
};

type AppActions = {
  /** The group the user works in, as the server answered it (the guard) or as chosen (the group switch). */
  setCurrentEmployer: (employerPK: number) => void;
  updateDraft: (patch: Partial<EnrollmentDraft>) => void;
  clearSubscriber: () => void;
  /** Drops what was typed and takes the draft as saved, at `version` (after a 409 conflict). */
  reloadEnrollment: (version: number) => void;
  openModal: (modal: ModalName) => void;
  closeModal: () => void;
  setAnalyticsOptOut: (optOut: boolean) => void;
  resetAppState: () => void;
};

type AppState = AppData & AppActions;

const emptyDraft: EnrollmentDraft = {
  requestPK: null,
  subscriberPK: null,
  changeReasonPK: null,
  step: null,
  dependentTermDate: null,
};

const initialData: AppData = {
  employer: { currentEmployerPK: null },
  enrollment: emptyDraft,
  enrollmentResets: 0,
  modal: null,
  analyticsOptOut: false,
};

function removeEnrollmentForms(): void {
  const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i));
  for (const key of keys) if (key?.startsWith(ENROLLMENT_FORMS_KEY_PREFIX)) sessionStorage.removeItem(key);
}

export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      ...initialData,
      setCurrentEmployer: (employerPK) => set({ employer: { currentEmployerPK: employerPK } }),
      updateDraft: (patch) => set((state) => ({ enrollment: { ...state.enrollment, ...patch } })),
      clearSubscriber: () => {
        // The typed forms belong to the draft being cleared, wherever the clear comes from.
        removeEnrollmentForms();
        set((state) => ({ enrollment: emptyDraft, enrollmentResets: state.enrollmentResets + 1 }));
      },
      reloadEnrollment: (version) => {
        removeEnrollmentForms();
        set((state) => ({
          enrollment: { ...state.enrollment, version },
          enrollmentResets: state.enrollmentResets + 1,
        }));
      },
      openModal: (modal) => set({ modal }),
      closeModal: () => set({ modal: null }),
      setAnalyticsOptOut: (analyticsOptOut) => set({ analyticsOptOut }),
      resetAppState: () => {
        set(initialData);
        // set() writes the reset state back; logout wants no trace at all.
        useAppStore.persist.clearStorage();
      },
    }),
    {
      name: APP_STORE_KEY,
      storage: createJSONStorage(() => window.sessionStorage),
      // An open modal is not restored after a reload.
      partialize: ({ employer, enrollment, analyticsOptOut }) => ({ employer, enrollment, analyticsOptOut }),
    },
  ),
);

/**
 * The stored current employer (spec 2 §3): the group last worked in, none before the first sign-in.
 * The guard sends it as the access call's `employerPK`; the server answers which group is current
 * (this one while the user still holds a role there, else their first group).
 */
export function selectCurrentEmployerPK(state: Pick<AppData, 'employer'>): number | null {
  return state.employer.currentEmployerPK;
}

export function resetAppState(): void {
  useAppStore.getState().resetAppState();
}
