import { APP_STORAGE_PREFIX } from '../../lib/app-storage';

/** Why a tab signed out; the other tabs sign out the same way. */
export type SignOutReason = 'user' | 'inactivity';

/** What one tab tells the user's other tabs: only times and reasons, never tokens or member data. */
export type SessionMessage = { type: 'activity'; at: number } | { type: 'signed-out'; reason: SignOutReason };

export type SessionChannel = {
  post: (message: SessionMessage) => void;
  subscribe: (listener: (message: SessionMessage) => void) => () => void;
  close: () => void;
};

const CHANNEL_NAME = `${APP_STORAGE_PREFIX}session`;
const ACTIVITY_KEY = `${APP_STORAGE_PREFIX}last-activity-at`;
const SIGNED_OUT_KEY = `${APP_STORAGE_PREFIX}signed-out-at`;

function isSessionMessage(value: unknown): value is SessionMessage {
  const message = value as Partial<SessionMessage> | null;
  if (!message || typeof message !== 'object') return false;
  if (message.type === 'activity') return typeof message.at === 'number';
  return message.type === 'signed-out' && (message.reason === 'user' || message.reason === 'inactivity');
}

function broadcastChannel(): SessionChannel {
  const channel = new BroadcastChannel(CHANNEL_NAME);
  return {
    post: (message) => channel.postMessage(message),
    subscribe: (listener) => {
      const onMessage = (event: MessageEvent) => {
        if (isSessionMessage(event.data)) listener(event.data);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

/**
 * Browsers without BroadcastChannel: a timestamp in localStorage, seen by the other tabs' `storage`
 * events. Only times are written (an idle logoff reaches them through the shared activity time).
 */
function storageChannel(): SessionChannel {
  return {
    post: (message) => {
      if (message.type === 'activity') window.localStorage.setItem(ACTIVITY_KEY, String(message.at));
      else window.localStorage.setItem(SIGNED_OUT_KEY, String(Date.now()));
    },
    subscribe: (listener) => {
      const onStorage = (event: StorageEvent) => {
        const at = Number(event.newValue);
        if (!event.newValue || !Number.isFinite(at)) return;
        if (event.key === ACTIVITY_KEY) listener({ type: 'activity', at });
        if (event.key === SIGNED_OUT_KEY) listener({ type: 'signed-out', reason: 'user' });
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
    close: () => undefined,
  };
}

/** The channel between this user's tabs of the portal (same origin). */
export function openSessionChannel(): SessionChannel {
  return typeof BroadcastChannel === 'function' ? broadcastChannel() : storageChannel();
}
