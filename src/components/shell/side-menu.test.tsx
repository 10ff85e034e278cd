import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppState, useAppStore } from '../../stores/app-store';
import { visibleMenu } from './menu-entries';
import { SideMenu } from './side-menu';

function renderMenu(roles: Parameters<typeof visibleMenu>[0]) {
  const rootRoute = createRootRoute({ component: () => <SideMenu entries={visibleMenu(roles, 2)} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  // jsdom has no scrolling; the router resets the scroll position on navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  resetAppState();
  sessionStorage.clear();
});

describe('SideMenu', () => {
  it('lists the allowed entries in a labelled navigation, with the version label', async () => {
    renderMenu([{ GroupPK: 2, roles: ['IDcard Only'] }]);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'ID Card', 'Privacy']);
    expect(within(nav).getByRole('link', { name: 'ID Card' })).toHaveAttribute('href', '/request-new-id-card');
    expect(screen.getByText(/20250724\.2/)).toBeInTheDocument();
  });

  it('offers a group administrator the Users screen after the Access Report', async () => {
    renderMenu([{ GroupPK: 2, roles: ['GroupAdmin'] }]);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const labels = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    const at = labels.indexOf('Access Report');
    expect(labels.slice(at, at + 2)).toEqual(['Access Report', 'Users']);
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  });

  it('opens the modals and clears the subscriber before enrolling', async () => {
    const user = userEvent.setup();
    renderMenu([{ GroupPK: 2, roles: ['Broker'] }]);
    useAppStore.getState().updateDraft({ requestPK: 5, subscriberPK: 6 });

    await user.click(await screen.findByRole('button', { name: 'Broker' }));
    expect(useAppStore.getState().modal).toBe('brokerModal');

    await user.click(screen.getByRole('button', { name: 'Privacy' }));
    expect(useAppStore.getState().modal).toBe('privacyModal');

    await user.click(screen.getByRole('link', { name: 'Enroll Subscriber' }));
    expect(useAppStore.getState().enrollment).toMatchObject({ requestPK: null, subscriberPK: null });
  });
});
