import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadRoutedApp } from './app/load-routed-app';
import { isRouteGuardOutcome } from './features/session/route-guard-outcomes';
import { discardAbandonedAuthRequests, hasStoredUser } from './lib/app-storage';
import { hasBootFrame, removeBootFrame } from './lib/boot-frame';
import { isAuthCallbackPath } from './lib/config';
import { sendEarlyAccessCall } from './lib/early-access-call';
import { preloadRouteChunks, preloadRouterChunks } from './lib/route-preloads';

// Outside the provider's callbacks no pending sign-in/sign-out request is still wanted.
if (!isAuthCallbackPath(window.location.pathname)) discardAbandonedAuthRequests();

const signedIn = hasStoredUser();
// On a signed-in screen the session check's call goes out first, its answer coming back while the
// app's code loads.
if (signedIn && hasBootFrame()) sendEarlyAccessCall();
// The router's chunks are fetched while React starts and the stored user is read; failures surface
// where it is rendered.
preloadRouterChunks();
loadRoutedApp().catch(() => undefined);
// So does the screen's own code; a visitor without a stored user is on the way to the sign-in page,
// and sees the loading text instead of the screen's frame.
if (signedIn) preloadRouteChunks();
else removeBootFrame();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container, {
  // The route guard's expected outcomes are rendered as pages, not reported as crashes.
  onCaughtError: (error, info) => {
    if (isRouteGuardOutcome(error)) return;
    console.error(error, info.componentStack);
  },
  // Whatever failed is shown in #root, which the frame would hide.
  onUncaughtError: (error, info) => {
    removeBootFrame();
    console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
