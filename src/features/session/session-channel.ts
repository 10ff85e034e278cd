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

/**
 * This tab's mark on what it posts. A tab opens several channels (the idle timer's, the sign-out's), and
 * each hears the others: a tab's own messages are not news from another tab.
 */
const TAB_ID = Math.random().toString(36).slice(2);

function broadcastChannel(): SessionChannel {
  const channel = new BroadcastChannel(CHANNEL_NAME);
  return {
    post: (message) => channel.postMessage({ ...message, from: TAB_ID }),
    subscribe: (listener) => {
      const onMessage = (event: MessageEvent) => {
        const from = (event.data as { from?: unknown } | null)?.from;
        if (from === TAB_ID || !isSessionMessage(event.data)) return;
        const { from: _from, ...message } = event.data as SessionMessage & { from?: unknown };
        listener(message as SessionMessage);
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
