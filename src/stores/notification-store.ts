import { create } from 'zustand';

export type Notice = {
  title: string;
  message?: string;
  severity?: 'error' | 'warning' | 'info' | 'success';
};

type NotificationState = {
  /** The latest notice wins: failures come in bursts and only the newest one matters. */
  current: (Notice & { id: number }) | null;
  notify: (notice: Notice) => void;
  dismiss: () => void;
};

let nextId = 1;

export const useNotificationStore = create<NotificationState>()((set) => ({
  current: null,
  notify: (notice) => set({ current: { severity: 'error', ...notice, id: nextId++ } }),
  dismiss: () => set({ current: null }),
}));

/** For non-React callers such as the call layer. */
export function notify(notice: Notice): void {
  useNotificationStore.getState().notify(notice);
}
