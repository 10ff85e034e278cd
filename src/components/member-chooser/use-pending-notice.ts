import { useCallback, useState } from 'react';
import { useAppStore } from '../../stores/app-store';

/** Opens the pending-request notice (the store's one modal) with the message to show. */
export function usePendingNotice() {
  const [message, setMessage] = useState<string | null>(null);
  const open = useAppStore((state) => state.modal === 'noticeForRequestModal');
  const openModal = useAppStore((state) => state.openModal);
  const closeModal = useAppStore((state) => state.closeModal);

  const show = useCallback(
    (next: string) => {
      setMessage(next);
      openModal('noticeForRequestModal');
    },
    [openModal],
  );

  return { message: open ? message : null, show, close: closeModal };
}
