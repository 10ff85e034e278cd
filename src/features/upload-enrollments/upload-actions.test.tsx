import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppState, useAppStore } from '../../stores/app-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { UploadActions } from './upload-actions';
import { EMPLOYER_PK, IMPORT_PK, importView, json, problem, stubImportApi } from './upload-test-api';

const COMMITTED = importView({
  status: 'committed',
  canWithdraw: true,
  counts: { ...importView().counts, committed: 8, requestsCreated: 3 },
});

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useAppStore.getState().setCurrentEmployer(EMPLOYER_PK);
});

afterEach(() => {
  vi.restoreAllMocks();
  resetAppState();
  sessionStorage.clear();
});

describe('UploadActions', () => {
  it('asks before withdrawing, tells a refusal in the dialog, then withdraws', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { queryClient, calls } = stubImportApi(() =>
      refuse ? problem(409, 'None of this upload’s requests can still be withdrawn.') : json(COMMITTED),
    );
    renderSignedIn(<UploadActions view={COMMITTED} employerPK={EMPLOYER_PK} onDiscarded={vi.fn()} />, {
      queryClient,
    });
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Withdraw this upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this upload?' });
    expect(dialog).toHaveAccessibleDescription(/Its 3 requests not yet approved are cancelled together/);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('can still be withdrawn');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((call) => call.path)).toEqual(['Withdraw', 'Withdraw']);
    expect(calls[1]?.body).toEqual({ employerPK: EMPLOYER_PK, importPK: IMPORT_PK });
  });

  it('offers Discard for a preview nothing was committed from', async () => {
    const { queryClient } = stubImportApi(() => json(importView()));
    renderSignedIn(<UploadActions view={importView()} employerPK={EMPLOYER_PK} onDiscarded={vi.fn()} />, {
      queryClient,
    });
    expect(await screen.findByRole('button', { name: 'Discard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw this upload' })).toBeNull();
  });
});
