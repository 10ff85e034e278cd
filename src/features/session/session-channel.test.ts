import { afterEach, describe, expect, it } from 'vitest';
import { APP_STORAGE_PREFIX } from '../../lib/app-storage';
import { openSessionChannel, type SessionChannel, type SessionMessage } from './session-channel';

// Another tab, as this tab's channels see it: a channel of the same name carrying another tab's mark.
const CHANNEL_NAME = `${APP_STORAGE_PREFIX}session`;

describe('the session channel', () => {
  const opened: { close: () => void }[] = [];
  const open = (): SessionChannel => {
    const channel = openSessionChannel();
    opened.push(channel);
    return channel;
  };
  const otherTab = () => {
    const channel = new BroadcastChannel(CHANNEL_NAME);
    opened.push(channel);
    return channel;
  };
  const nextMessage = (channel: BroadcastChannel) =>
    new Promise<unknown>((resolve) =>
      channel.addEventListener('message', (event) => resolve(event.data), { once: true }),
    );

  afterEach(() => {
    for (const channel of opened.splice(0)) channel.close();
  });

  it('does not hand a tab its own messages back, though they reach the other tabs', async () => {
    const signOut = open();
    const idleTimer = open();
    const heard: SessionMessage[] = [];
    idleTimer.subscribe((message) => heard.push(message));
    const other = otherTab();
    const delivered = nextMessage(other);

    signOut.post({ type: 'signed-out', reason: 'user' });

    expect(await delivered).toMatchObject({ type: 'signed-out', reason: 'user' });
    // Delivery to every channel of the name is queued together; give the tab's own a turn more.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual([]);
  });

  it('hands on another tab’s messages as they were sent, without its mark', async () => {
    const idleTimer = open();
    const heard = new Promise<SessionMessage>((resolve) => idleTimer.subscribe(resolve));

    otherTab().postMessage({ type: 'activity', at: 1_700_000_000_000, from: 'another-tab' });

    expect(await heard).toEqual({ type: 'activity', at: 1_700_000_000_000 });
  });

  it('ignores what is not a session message', async () => {
    const idleTimer = open();
    const heard: SessionMessage[] = [];
    idleTimer.subscribe((message) => heard.push(message));
    const other = otherTab();

    other.postMessage({ type: 'signed-out', reason: 'token', from: 'another-tab' });
    other.postMessage({ type: 'activity', at: 7, from: 'another-tab' });
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(heard).toEqual([{ type: 'activity', at: 7 }]);
  });
});
