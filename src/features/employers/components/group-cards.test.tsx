import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountQueries } from '../../../api/account-queries';
import { resetAppState, useAppStore } from '../../../stores/app-store';
import { accessOf, callsTo, groupChoice, stubAccountApi } from '../../../test/account-api';
import { renderSignedIn, testQueryClient } from '../../../test/render-signed-in';
import { GroupCards } from './group-cards';

const GROUPS = Array.from({ length: 30 }, (_, i) => groupChoice(i + 1));

function renderCards(groups = GROUPS, current = 1) {
  const fetchMock = stubAccountApi({
    groups,
    access: () => accessOf({ groupCount: groups.length, current: { GroupPK: current, roles: ['Broker'] } }),
  });
  useAppStore.getState().setCurrentEmployer(current);
  const queryClient = testQueryClient();
  // As the guard leaves it.
  queryClient.setQueryData(
    accountQueries.access(current).queryKey,
    accessOf({ groupCount: groups.length, current: { GroupPK: current, roles: ['Broker'] } }),
  );
  renderSignedIn(<GroupCards />, { queryClient });
  return { fetchMock, queryClient };
}

const cards = () => screen.getAllByRole('region').map((card) => within(card).getByRole('heading').textContent);

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  resetAppState();
  sessionStorage.clear();
});

describe('GroupCards', () => {
  it('shows the first 12 of the user’s groups from the server, the current one marked, with their logos', async () => {
    const { fetchMock } = renderCards();
    await screen.findByRole('heading', { name: 'Group 1' });
    expect(cards()).toEqual(GROUPS.slice(0, 12).map((g) => g.employerName));
    const current = screen.getByRole('region', { name: 'Group 1' });
    expect(within(current).getByText('Current group')).toBeInTheDocument();
    expect(within(current).getByText('Group ID: G000001')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select group Group 2' })).toBeInTheDocument();
    expect(await within(current).findByRole('img', { name: 'Group 1 logo' })).toBeInTheDocument();
    const [first] = callsTo(fetchMock, '/Account/Groups');
    expect(first?.searchParams.get('page')).toBe('0');
    expect(first?.searchParams.get('recordsPerPage')).toBe('12');
  });

  it('pages through the server’s groups, sending the total it already knows', async () => {
    const { fetchMock } = renderCards();
    await screen.findByText('Groups 1–12 of 30');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Groups 25–30 of 30');
    expect(cards()).toEqual(GROUPS.slice(24).map((g) => g.employerName));
    const last = callsTo(fetchMock, '/Account/Groups').at(-1);
    expect(last?.searchParams.get('page')).toBe('2');
    expect(last?.searchParams.get('knownCount')).toBe('30');
  });

  // Two searches typed and answered, and a page turned: seconds on a busy machine.
  it(
    'searches the server by name or group ID once the typing pauses, from the first page',
    { timeout: 20_000 },
    async () => {
      const { fetchMock } = renderCards();
      const user = userEvent.setup({ delay: null });
      await screen.findByText('Groups 1–12 of 30');
      await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
      await screen.findByText('Groups 13–24 of 30');

      // Typed without a pause between keys, so the debounce sees one burst however busy the machine is.
      await user.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'G00002');
      // The debounce, the call and the render: more than waitFor's second on a busy machine.
      await waitFor(() => expect(cards()).toEqual(GROUPS.slice(19, 29).map((g) => g.employerName)), { timeout: 5_000 });
      const searches = callsTo(fetchMock, '/Account/Groups').filter((url) => url.searchParams.has('search'));
      // Debounced: one search for the whole word, on the first page.
      expect(searches.map((url) => url.searchParams.get('search'))).toEqual(['G00002']);
      expect(searches[0]?.searchParams.get('page')).toBe('0');
      // Ten matches fit one page: no pager.
      expect(screen.queryByRole('navigation', { name: 'Group pages' })).toBeNull();

      await user.clear(screen.getByRole('searchbox', { name: 'Search groups' }));
      await user.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'Nothing like it');
      expect(await screen.findByText('No groups match your search.', {}, { timeout: 5_000 })).toBeInTheDocument();
    },
  );

  it('shows a single group as before: its card alone, no search, no pager', async () => {
    renderCards([groupChoice(7)], 7);
    await screen.findByRole('heading', { name: 'Group 7' });
    expect(cards()).toEqual(['Group 7']);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Group pages' })).toBeNull();
  });

  it('makes a chosen card’s group current and has the access asked again', async () => {
    const { queryClient } = renderCards();
    await userEvent.click(await screen.findByRole('button', { name: 'Select group Group 2' }));
    await waitFor(() => expect(useAppStore.getState().employer.currentEmployerPK).toBe(2));
    expect(queryClient.getQueryState(accountQueries.access(1).queryKey)?.isInvalidated).toBe(true);
  });
});
