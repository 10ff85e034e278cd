import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountQueries } from '../../../api/account-queries';
import { resetAppState, useAppStore } from '../../../stores/app-store';
import { accessOf, callsTo, groupChoice, stubAccountApi } from '../../../test/account-api';
import { renderSignedIn, testQueryClient } from '../../../test/render-signed-in';
import { BrokerModal } from './broker-modal';

// A broker of 5,000 groups; one of them is Acme.
const GROUPS = [
  ...Array.from({ length: 4999 }, (_, i) => groupChoice(i + 1)),
  groupChoice(6001, { employerName: 'Acme Widgets', employerID: 'G000123' }),
];

function renderModal() {
  const access = accessOf({ groupCount: GROUPS.length, current: { GroupPK: 1, roles: ['Broker'] } });
  const fetchMock = stubAccountApi({ groups: GROUPS, access: () => access });
  useAppStore.getState().setCurrentEmployer(1);
  const queryClient = testQueryClient();
  queryClient.setQueryData(accountQueries.access(1).queryKey, access);
  renderSignedIn(<BrokerModal />, { queryClient });
  act(() => useAppStore.getState().openModal('brokerModal'));
  return { fetchMock, queryClient };
}

const groupSearches = (fetchMock: ReturnType<typeof stubAccountApi>) =>
  callsTo(fetchMock, '/Account/Groups').map((url) => Object.fromEntries(url.searchParams));

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  resetAppState();
  sessionStorage.clear();
});

describe('BrokerModal', () => {
  it('offers a search of all the user’s groups, not a list of them', async () => {
    const { fetchMock } = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Choose an Employer Group' });
    const box = within(dialog).getByRole('combobox', { name: 'Employer Group' });
    expect(box).toHaveAttribute('id', 'broker-employer-group');
    expect(within(dialog).getByText('Type to search 5,000 groups')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
    // Only the first page of matches is ever asked for; opening the box offers it.
    await waitFor(() => expect(groupSearches(fetchMock)).toEqual([{ page: '0', recordsPerPage: '12' }]));
    await userEvent.click(box);
    const listbox = await screen.findByRole('listbox', { name: 'Employer Group' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(12));
    expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent('Group 1 (G000001)');
  });

  it('searches the server as the user types, debounced, and offers its first 12 matches', async () => {
    const { fetchMock } = renderModal();
    const box = await screen.findByRole('combobox', { name: 'Employer Group' });
    await userEvent.type(box, 'G0001');
    const listbox = await screen.findByRole('listbox', { name: 'Employer Group' });
    // G000100–G000199 and Acme's G000123 match: only the first 12 are offered.
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(12));
    expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent('Group 100 (G000100)');
    expect(groupSearches(fetchMock).filter((q) => q.search)).toEqual([
      { search: 'G0001', page: '0', recordsPerPage: '12' },
    ]);
  });

  it('says when no group matches', async () => {
    renderModal();
    await userEvent.type(await screen.findByRole('combobox', { name: 'Employer Group' }), 'zzz');
    expect(await screen.findByText('No group matches')).toBeInTheDocument();
  });

  it('switches to the chosen group on Submit', async () => {
    const { queryClient } = renderModal();
    const box = await screen.findByRole('combobox', { name: 'Employer Group' });
    await userEvent.type(box, 'acme');
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Widgets (G000123)' }));
    expect(box).toHaveValue('Acme Widgets (G000123)');

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(useAppStore.getState().employer.currentEmployerPK).toBe(6001));
    expect(useAppStore.getState().modal).toBeNull();
    expect(queryClient.getQueryState(accountQueries.access(1).queryKey)?.isInvalidated).toBe(true);
  });
});
