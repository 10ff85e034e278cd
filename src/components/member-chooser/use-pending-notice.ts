import { useCallback, useState } from 'react';
import { closeModal, openModal, useIsModalOpen } from '../../stores/modal-slice';

/** Opens the pending-request notice (the store's one modal) with the message to show. */
export function usePendingNotice() {
  const [message, setMessage] = useState<string | null>(null);
  const open = useIsModalOpen('noticeForRequestModal');

  const show = useCallback((next: string) => {
    setMessage(next);
    openModal('noticeForRequestModal');
  }, []);

  return { message: open ? message : null, show, close: closeModal };
}
