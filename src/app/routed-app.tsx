// Listed first: vite.config.ts bundles it into zod's own chunk, so the switch is set as soon as zod
// runs, before any route module builds a schema.
import '../lib/zod-without-eval';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { RouterProvider } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import type { AuthContextProps } from 'react-oidc-context';
import { Notifications } from '../components/ui/notifications';
import { hasStoredUser } from '../lib/app-storage';
import { removeBootFrame } from '../lib/boot-frame';
import { queryClient } from '../lib/query-client';
import { preloadScreenCode, router } from './router';
import { createStyleCache } from './style-cache';
import { theme } from './theme';

// A visitor without a stored user is on the way to the sign-in page and needs no screen.
if (hasStoredUser()) preloadScreenCode(window.location.pathname);

const styleCache = createStyleCache();

/**
 * The router with every route's guard, search schemas and loaders (and zod and the API contract
 * with them), and the theme every screen is styled with: loaded apart from the entry, while the
 * stored user is being read.
 */
export function RoutedApp({ auth }: { auth: AuthContextProps }) {
  // The router's first commit holds the pending shell (or the screen, or where a visitor is sent).
  useLayoutEffect(removeBootFrame, []);
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} context={{ queryClient, auth }} />
        <Notifications />
      </ThemeProvider>
    </CacheProvider>
  );
}
