import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookupQueries } from '../../api/lookup-queries';
import { IMPORT_MESSAGES, type ImportView } from '../../contracts/imports';
import { resetAppState, useAppStore } from '../../stores/app-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { CommitPanel } from './commit-panel';
import { EMPLOYER_PK, IMPORT_PK, importView, json, stubImportApi, type ImportCall } from './upload-test-api';

const VIEW = importView({
  counts: { ...importView().counts, new: 900, update: 100, identity: 2, errorRows: 0, error: 0 },
});

/** A commit batch's answer: `created` requests in it, `remaining` families still to commit. */
const batch = (created: number, remaining: number, status: ImportView['status'] = 'committing') =>
  json({
    ...VIEW,
    status: remaining === 0 ? 'committed' : status,
    remaining,
    commitMode: 'valid',
    requestPKs: Array.from({ length: created }, (_, i) => 1000 + i),
  });

function renderPanel(answer: (name: string, call: ImportCall) => Response | Promise<Response>, view = VIEW) {
  const api = stubImportApi(answer);
  api.queryClient.setQueryData(lookupQueries.list('terminatePlanReason').queryKey, [
    { pk: 1, name: 'Resigned' },
    { pk: 2, name: 'Retired' },
  ]);
  renderSignedIn(<CommitPanel view={view} employerPK={EMPLOYER_PK} />, { queryClient: api.queryClient });
  return api;
}

async function confirmCommit(user: ReturnType<typeof userEvent.setup>, mode = 'Commit valid rows') {
  await user.click(await screen.findByRole('button', { name: mode }));
  const dialog = await screen.findByRole('dialog', { name: `${mode}?` });
  return dialog;
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useAppStore.getState().setCurrentEmployer(EMPLOYER_PK);
});

afterEach(() => {
  vi.restoreAllMocks();
  resetAppState();
  sessionStorage.clear();
});

describe('CommitPanel', () => {
  it('asks first, then calls commit until nothing remains, and reports', async () => {
    const user = userEvent.setup();
    const answers = [batch(500, 502), batch(500, 2), batch(2, 0)];
    const { calls } = renderPanel((name) => (name === 'Commit' ? answers.shift()! : json(VIEW)));

    await user.click(await screen.findByRole('checkbox', { name: 'Also apply the 2 name changes' }));
    const dialog = await confirmCommit(user);
    expect(dialog).toHaveAccessibleDescription(/1,002 enrollment requests will be created/);
    await user.click(within(dialog).getByRole('button', { name: 'Commit valid rows' }));

    expect(await screen.findByTestId('commit-report')).toBeInTheDocument();
    const commits = calls.filter((call) => call.path === 'Commit');
    expect(commits).toHaveLength(3);
    expect(commits[0]?.body).toEqual({
      employerPK: EMPLOYER_PK,
      importPK: IMPORT_PK,
      mode: 'valid',
      confirmIdentity: true,
    });
    expect(calls.some((call) => call.path === 'Cancel')).toBe(false);
  });

  it('stops after the batch in flight when Cancel is pressed, and tells the server', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => undefined;
    const { calls } = renderPanel((name) => {
      if (name === 'Commit') return new Promise<Response>((resolve) => (release = resolve));
      if (name === 'Cancel') return json({ ...VIEW, status: 'cancelled' });
      return json(VIEW);
    });
    const dialog = await confirmCommit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Commit valid rows' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Stopping after the batch in progress…')).toBeInTheDocument();
    release(batch(500, 500));

    await waitFor(() => expect(calls.some((call) => call.path === 'Cancel')).toBe(true));
    expect(calls.filter((call) => call.path === 'Commit')).toHaveLength(1);
    expect(calls.find((call) => call.path === 'Cancel')?.body).toEqual({
      employerPK: EMPLOYER_PK,
      importPK: IMPORT_PK,
    });
  });

  it('offers "Commit all rows" only without errors, and the error report while there are some', async () => {
    renderPanel(() => json(VIEW), importView());
    expect(await screen.findByRole('button', { name: 'Commit all rows' })).toBeDisabled();
    expect(screen.getByText(IMPORT_MESSAGES.fixErrorsFirst)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download error report' })).toBeInTheDocument();
  });

  it('offers to resume or stop a commit that was interrupted by a reload', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel(
      (name) => (name === 'Commit' ? batch(3, 0) : json(VIEW)),
      importView({ status: 'committing', remaining: 3, commitMode: 'all' }),
    );
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume commit' }));
    await waitFor(() => expect(calls.find((call) => call.path === 'Commit')?.body).toMatchObject({ mode: 'all' }));
  });

  it("terminates a roster's leavers only when asked, after their dates and reason are given", async () => {
    const user = userEvent.setup();
    const roster = importView({
      format: 'x12',
      counts: { ...importView().counts, new: 0, update: 4, termination: 3, errorRows: 0, error: 0 },
    });
    const { calls } = renderPanel((name) => (name === 'Commit' ? batch(7, 0) : json(roster)), roster);
    await user.click(
      await screen.findByRole('checkbox', { name: 'Also terminate the 3 members the roster no longer holds' }),
    );
    // Without the dates nothing is asked yet: the missing fields say so.
    await user.click(screen.getByRole('button', { name: 'Commit valid rows' }));
    expect(await screen.findByText('Event Date is required!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    // jsdom has no editable text: each key goes to the focused section of the date field as input.
    const typeDate = async (label: string, keys: string) => {
      const group = screen.getByRole('group', { name: label });
      await user.click(within(group).getByRole('spinbutton', { name: 'Month' }));
      for (const key of keys) fireEvent.input(document.activeElement as HTMLElement, { target: { textContent: key } });
    };
    await typeDate('Event Date', '11202026');
    await typeDate('Benefit End Date', '11302026');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'Resigned');

    const dialog = await confirmCommit(user);
    expect(dialog).toHaveAccessibleDescription(/3 termination requests will be created, ending coverage on 2026-11-30/);
    await user.click(within(dialog).getByRole('button', { name: 'Commit valid rows' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'Commit')).toBe(true));
    expect(calls.find((call) => call.path === 'Commit')?.body).toEqual({
      employerPK: EMPLOYER_PK,
      importPK: IMPORT_PK,
      mode: 'valid',
      confirmIdentity: false,
      termination: { eventDate: '2026-11-20', terminationDate: '2026-11-30', reasonPK: 1 },
    });
  });

  it("leaves a roster's leavers out of the commit when not asked", async () => {
    const user = userEvent.setup();
    const roster = importView({ counts: { ...importView().counts, termination: 3, errorRows: 0, error: 0 } });
    const { calls } = renderPanel((name) => (name === 'Commit' ? batch(3, 0) : json(roster)), roster);
    const dialog = await confirmCommit(user);
    expect(dialog).not.toHaveAccessibleDescription(/termination/);
    await user.click(within(dialog).getByRole('button', { name: 'Commit valid rows' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'Commit')).toBe(true));
    expect(calls.find((call) => call.path === 'Commit')?.body).not.toHaveProperty('termination');
  });
});
