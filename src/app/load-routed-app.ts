let routedApp: Promise<typeof import('./routed-app')> | undefined;

/** The router's chunk, fetched once; the call at start-up overlaps reading the stored user. */
export function loadRoutedApp() {
  routedApp ??= import('./routed-app').catch((error: unknown) => {
    // A failed fetch is tried again by the next caller.
    routedApp = undefined;
    throw error;
  });
  return routedApp;
}
