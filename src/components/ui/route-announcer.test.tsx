import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageHeading } from './page-heading';
import { RouteAnnouncer } from './route-announcer';

function renderApp() {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <button type="button" onClick={() => router.history.push('/claim-search')}>
          Claims
        </button>
        <main>
          <Outlet />
        </main>
        <RouteAnnouncer />
      </>
    ),
  });
  const home = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    staticData: { title: 'Home' },
    component: () => <PageHeading title="Home" />,
  });
  const claims = createRoute({
    getParentRoute: () => rootRoute,
    path: '/claim-search',
    staticData: { title: 'Claim Search' },
    validateSearch: (search: Record<string, unknown>) => ({ name: typeof search.name === 'string' ? search.name : '' }),
    component: () => (
      <>
        <PageHeading title="Claim Search" />
        <input aria-label="Patient name" />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([home, claims]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  // jsdom has no scrolling; the router resets the scroll position on navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

describe('RouteAnnouncer', () => {
  it('titles the first screen but leaves focus where the page load put it', async () => {
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await waitFor(() => expect(document.title).toBe('Home – Benefits Portal'));
    expect(document.body).toHaveFocus();
    expect(screen.getByTestId('route-announcement')).toHaveTextContent('');
  });

  it('on a change of screen titles it, announces it and focuses its h1', async () => {
    const user = userEvent.setup();
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Home' });

    await user.click(screen.getByRole('button', { name: 'Claims' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Claim Search' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Claim Search – Benefits Portal');
    expect(screen.getByRole('status')).toHaveTextContent('Claim Search');
  });

  it('keeps focus where it is when only the search changes (a filter is applied)', async () => {
    const user = userEvent.setup();
    const router = renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await user.click(screen.getByRole('button', { name: 'Claims' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());

    const input = screen.getByRole('textbox', { name: 'Patient name' });
    await user.click(input);
    await act(() => router.history.push('/claim-search?name=Smith'));
    await waitFor(() => expect(router.state.location.search).toEqual({ name: 'Smith' }));
    expect(input).toHaveFocus();
  });
});
