let routedApp: Promise<typeof import('./routed-app')> | undefined;

/** A new main-thread task: a message, not a timer, which a hidden tab would slow down. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * The router's chunk, fetched once; the call at start-up overlaps reading the stored user.
 *
 * It runs in two tasks instead of one long one, which a phone would feel as input held up (TBT): the
 * contract first (zod and the API chunk: every schema, the query factories and the client), then,
 * in a later task, MUI, the router, the shared chunk and the route tree. The entry has asked for all
 * of their files at once (`preloadRouterChunks`), so the second stage does not wait for the network.
 */
export function loadRoutedApp() {
  routedApp ??= import('../contracts/endpoints')
    .then(nextTask)
    .then(() => import('./routed-app'))
    .catch((error: unknown) => {
      // A failed fetch is tried again by the next caller.
      routedApp = undefined;
      throw error;
    });
  return routedApp;
}
