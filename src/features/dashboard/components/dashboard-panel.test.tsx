import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipInsight } from '../../../contracts/insight';
import { renderSignedIn, testQueryClient } from '../../../test/render-signed-in';
import { MembershipPanel } from './membership-panel';

vi.mock('../../../hooks/use-session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../hooks/use-session')>()),
  useEmployerPK: () => 2,
}));

const MEMBERSHIP: MembershipInsight = {
  asOf: '2025-12-15',
  subscribers: 1186,
  dependents: 240,
  trend: Array.from({ length: 12 }, (_, i) => ({
    month: `2025-${String(i + 1).padStart(2, '0')}`,
    subscribers: 1170 + i,
  })),
};

/** Each call to fetch waits until the test answers it. */
function heldFetch() {
  const answers: ((response: Response) => void)[] = [];
  const fetchMock = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
  return {
    fetchMock,
    answer: async (response: Response) => {
      await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
      answers.shift()!(response);
    },
  };
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('a dashboard panel', () => {
  it('is drawn with its captions before its numbers come, and keeps them when they do', async () => {
    const api = heldFetch();
    renderSignedIn(<MembershipPanel />, { queryClient: testQueryClient() });

    const panel = await screen.findByRole('region', { name: 'Members' });
    expect(within(panel).getByText('Subscribers enrolled, last 12 months', { selector: 'figcaption' })).toBeVisible();
    expect(within(panel).getByText('Subscribers')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'View data' })).toBeDisabled();
    expect(within(panel).queryByText('1,186')).toBeNull();

    await api.answer(Response.json(MEMBERSHIP));
    expect(await within(panel).findByText('1,186')).toBeVisible();
    expect(within(panel).getByText('240')).toBeVisible();
    expect(within(panel).getByText('As of 12/15/2025')).toBeVisible();
    expect(within(panel).getByText('Subscribers enrolled, last 12 months', { selector: 'figcaption' })).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'View data' })).toBeEnabled();
    expect((api.fetchMock.mock.calls[0]![0] as Request).url).toContain('employerPK=2');
  });

  it('shows a failure in its own place, whose Retry asks for the numbers again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = heldFetch();
    renderSignedIn(<MembershipPanel />, { queryClient: testQueryClient() });
    const panel = await screen.findByRole('region', { name: 'Members' });

    await api.answer(Response.json({ title: 'Internal Server Error', status: 500 }, { status: 500 }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Members: the numbers could not be loaded');
    expect(screen.getByRole('heading', { name: 'Members' })).toBeVisible();

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await api.answer(Response.json(MEMBERSHIP));
    expect(await within(panel).findByText('1,186')).toBeVisible();
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(api.fetchMock).toHaveBeenCalledTimes(2);
  });
});
