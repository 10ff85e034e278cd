import { useAppStore } from './app-store';

/** The modal flags of spec 2 §2, as one value: at most one modal is open. */
export type ModalName =
  | 'brokerModal'
  | 'privacyModal'
  | 'submittedTerminateSubscriberModal'
  | 'submittedTerminateDependentModal'
  | 'submitCancelRequestModal'
  | 'viewRequestModal'
  | 'approveRequestModal'
  | 'submittedNewIdCard'
  | 'createdNewSubscriberModal'
  | 'subscriberRequestReceivedModal'
  | 'changeCoverageModal'
  | 'loginModal'
  | 'viewIDCardModal'
  | 'noticeForRequestModal'
  | 'searchSubscriberModal'
  | 'confirmationModal'
  | 'coverageInquiryModal'
  | 'errorModal';

// The app store's modal, shared by every screen.

/** The modal open now, or null. */
export function useOpenModal(): ModalName | null {
  return useAppStore((state) => state.modal);
}

/** Whether `name` is the modal open now. */
export function useIsModalOpen(name: ModalName): boolean {
  return useAppStore((state) => state.modal === name);
}

export function openModal(name: ModalName): void {
  useAppStore.getState().openModal(name);
}

export function closeModal(): void {
  useAppStore.getState().closeModal();
}
