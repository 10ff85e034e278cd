import { createFileRoute, Outlet, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useAuth } from 'react-oidc-context';
import { employerQueries } from '../api/employer-queries';
import { lookupQueries } from '../api/lookup-queries';
import { ErrorPage } from '../components/errors/error-page';
import { NoAccess } from '../components/errors/no-access';
import { AppShell, PendingShell } from '../components/shell/app-shell';
import { LoadingScreen } from '../components/ui/loading-screen';
import { PendingHeading } from '../components/ui/page-heading';
import { PrivacyModal } from '../features/analytics/components/privacy-modal';
import { BrokerModal } from '../features/employers/components/broker-modal';
import { CurrentGroup, CurrentGroupRoom } from '../features/employers/components/current-group';
import { IdleLogoff } from '../features/session/components/idle-logoff';
import { LogoutButton } from '../features/session/components/logout-button';
import { NoGroupsPage } from '../features/session/components/no-groups-page';
import { SignInRedirect } from '../features/session/components/sign-in-redirect';
import { requireSession } from '../features/session/route-guard';
import { SessionExpiredPage } from '../features/session/components/session-expired-page';
import { AccessDeniedError, NoGroupsError, SessionExpiredError } from '../features/session/route-guard-outcomes';
import { useSession } from '../hooks/use-session';
import { isApiError } from '../lib/api-client';
import { screenLabelOf } from '../lib/page-title';
import { isSignedIn } from '../lib/session';

// Every protected screen sits under this pathless layout (spec 2 §2 route table). beforeLoad puts
// the session and the current employerPK into the context of every route below.
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => requireSession(context.auth, location, context.queryClient),
  // Once per sign-in: the dropdown lists and the details of the current group.
  loader: async ({ context: { queryClient, session } }) => {
    await Promise.all([
      queryClient.prefetchQuery(lookupQueries.dropdowns()),
      ...session.groupPKs.map((pk) => queryClient.prefetchQuery(employerQueries.details(pk))),
    ]);
  },
  pendingMs: 0,
  // The loading screen is already up while the session is read: holding it longer only delays the screen.
  pendingMinMs: 0,
  pendingComponent: AuthenticatedPending,
  component: AuthenticatedLayout,
  errorComponent: AuthenticatedError,
});

function Shell({ children }: { children: ReactNode }) {
  return (
    <AppShell
      group={<CurrentGroup />}
      logout={<LogoutButton color="inherit" variant="outlined" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} />}
    >
      {children}
      <BrokerModal />
      <PrivacyModal />
      <IdleLogoff />
    </AppShell>
  );
}

/**
 * While the session is checked and the first screen's data come: a signed-in user sees the shell's
 * frame with the screen's title, so the page's place is painted before those round trips; a visitor
 * on the way to the sign-in page sees the loading screen.
 */
function AuthenticatedPending() {
  const { user } = useAuth();
  const label = useRouterState({ select: (state) => screenLabelOf(state.matches) });
  if (!isSignedIn(user)) return <LoadingScreen />;
  return (
    <PendingShell groupRoom={<CurrentGroupRoom />}>
      {label && <PendingHeading title={label} />}
      <LoadingScreen />
    </PendingShell>
  );
}

function AuthenticatedLayout() {
  const { user } = useAuth();
  const session = useSession();
  // The user can vanish while a screen is open (a 401 removes it): sign in again.
  if (!isSignedIn(user)) return <SignInRedirect />;
  // The guard has fetched the access; it is only missing if the cache was dropped meanwhile.
  if (!session) return <LoadingScreen />;
  if (!session.hasGroups) return <NoGroupsPage />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

function AuthenticatedError(props: ErrorComponentProps) {
  const session = useSession();
  if (props.error instanceof NoGroupsError) return <NoGroupsPage />;
  if (props.error instanceof SessionExpiredError) return <SessionExpiredPage />;
  // A screen whose data was refused with a 401 signs in again (or says the session expired).
  if (isApiError(props.error) && props.error.status === 401) return <SignInRedirect />;
  if (props.error instanceof AccessDeniedError) {
    // The shell needs a current group, which goes with the user (as in AuthenticatedLayout).
    if (!session) return <SignInRedirect />;
    return (
      <Shell>
        <NoAccess />
      </Shell>
    );
  }
  return <ErrorPage {...props} />;
}
