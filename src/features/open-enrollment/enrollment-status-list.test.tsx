import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnrollmentStatusList, EnrollmentStatusRow } from '../../contracts/open-enrollment';
import { userManager } from '../../lib/auth';
import { useNotificationStore } from '../../stores/notification-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { EnrollmentStatusList as StatusList } from './enrollment-status-list';

const member = (subscriberPK: number, patch: Partial<EnrollmentStatusRow> = {}): EnrollmentStatusRow => ({
  subscriberPK,
  subscriberID: `S${subscriberPK}`,
  lastName: 'Lee',
  firstName: 'Ann',
  status: 'notStarted',
  submittedAt: null,
  medical: null,
  dental: null,
  ...patch,
});

const submitted = member(11, {
  lastName: 'Garcia',
  firstName: 'Maria',
  status: 'submitted',
  submittedAt: '2026-11-24T15:30:00.000Z',
  medical: { action: 'change', planName: 'Harbor PPO', waiveReason: null },
  dental: { action: 'waive', planName: null, waiveReason: 'Medicare' },
});

type Call = { path: string; query: Record<string, string> };

/** The list's server: pages by `after`, and an empty list for any status filter. */
function stubApi(pages: Record<string, EnrollmentStatusList>) {
  const calls: Call[] = [];
  globalThis.fetch = vi.fn<typeof fetch>(async (input) => {
    const url = new URL((input as Request).url);
    const query = Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname, query });
    if (url.pathname.endsWith('/StatusCsv'))
      return new Response('\uFEFFSubscriber ID,Name\r\n', { headers: { 'Content-Type': 'text/csv' } });
    const page = query.status ? { windowPK: 1, list: [], nextAfter: null } : pages[query.after ?? 'first']!;
    return new Response(JSON.stringify(page), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  return calls;
}

const rows = () => screen.findAllByTestId('enrollment-status-row');
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useNotificationStore.setState({ current: null });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('EnrollmentStatusList', () => {
  it('shows each member’s status and choices in words, and pages on with the key the server gave', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      first: { windowPK: 1, list: [submitted, member(12)], nextAfter: 12 },
      '12': { windowPK: 1, list: [member(13, { lastName: 'Young' })], nextAfter: null },
    });
    renderSignedIn(<StatusList employerPK={2} />);
    expect(await screen.findByRole('status', { name: 'Loading members' })).toBeInTheDocument();

    const [first, second] = await rows();
    const [id, name, status, at, medical, dental] = cellsOf(first!);
    expect([id, name, status, medical, dental]).toEqual([
      'S11',
      'Garcia, Maria',
      'Submitted',
      'Change: Harbor PPO',
      'Waive: Medicare',
    ]);
    expect(at).toMatch(/2026/);
    // Only a member who submitted has statements to read.
    expect(within(first!).getByRole('button', { name: 'Statements of Maria Garcia' })).toBeInTheDocument();
    expect(cellsOf(second!)).toEqual(['S12', 'Lee, Ann', 'Not started', '', '—None', '—None', '']);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Members 1–2');
    const pages = screen.getByRole('navigation', { name: 'Member list pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(async () => expect(cellsOf((await rows())[0]!)[1]).toBe('Young, Ann'));
    expect(calls.at(-1)!.query).toMatchObject({ employerPK: '2', after: '12', recordsPerPage: '25' });
    // Pages before the last are full (25 rows), so the second page's rows start at 26.
    expect(screen.getByText('Members 26–26 of 26')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(async () => expect(cellsOf((await rows())[0]!)[1]).toBe('Garcia, Maria'));
  });

  it('filters by status and the start of the last name from the keyboard, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const calls = stubApi({ first: { windowPK: 1, list: [submitted], nextAfter: null } });
    renderSignedIn(<StatusList employerPK={2} />);
    await rows();

    await user.selectOptions(screen.getByLabelText('Status'), 'Waived');
    await user.type(screen.getByLabelText('Last name starts with'), 'Le{Enter}');
    expect(await screen.findByText('No members match the filters.')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      path: '/api/enrollment/OpenEnrollment/StatusList',
      query: { employerPK: '2', status: 'waived', lastName: 'Le', recordsPerPage: '25' },
    });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await rows()).toHaveLength(1);
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('downloads the filtered list as CSV', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = () => 'blob:test/1';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const calls = stubApi({ first: { windowPK: 1, list: [submitted], nextAfter: null } });
    renderSignedIn(<StatusList employerPK={2} />);
    await rows();
    await user.type(screen.getByLabelText('Last name starts with'), 'Gar');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.find((c) => c.path.endsWith('/StatusCsv'))!.query).toEqual({ employerPK: '2', lastName: 'Gar' });
  });
});
