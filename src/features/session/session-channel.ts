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
 * Browsers without BroadcastChannel (older than any the portal supports): each tab keeps its own timer,
 * which only ever signs out sooner. Nothing goes to web storage instead.
 */
const aloneChannel: SessionChannel = {
  post: () => undefined,
  subscribe: () => () => undefined,
  close: () => undefined,
};

/** The channel between this user's tabs of the portal (same origin). */
export function openSessionChannel(): SessionChannel {
  return typeof BroadcastChannel === 'function' ? broadcastChannel() : aloneChannel;
}
