import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppState, useAppStore } from '../../stores/app-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { UploadEnrollmentsScreen } from './upload-enrollments-screen';
import { EMPLOYER_PK, IMPORT_PK, importRow, importView, json, stubImportApi, type ImportCall } from './upload-test-api';

const ROWS = [
  importRow(2, {
    kind: 'error',
    errors: [
      { field: 'dateOfBirth', column: 'DOB', message: 'Enter a valid date.' },
      { field: 'gender', column: null, message: 'Not a value of this list.' },
    ],
  }),
  importRow(3, {
    kind: 'identity',
    ssnLast4: '9876',
    changes: [{ field: 'lastName', from: 'Smith', to: 'Lee' }],
  }),
];

function answer(name: string, call: ImportCall) {
  if (name === 'List') return json([importView({ fileName: 'march.csv' })]);
  if (name === '') return json(importView());
  if (name === 'Rows') return json({ list: call.query.filter === 'errors' ? ROWS.slice(0, 1) : ROWS, recordCount: 2 });
  return json(importView());
}

async function renderScreen(importPK?: number) {
  const api = stubImportApi(answer);
  const { router } = renderSignedIn(<UploadEnrollmentsScreen />, { queryClient: api.queryClient });
  if (importPK !== undefined) await router.navigate({ to: '/', search: { importPK } as never });
  return { ...api, router };
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

describe('UploadEnrollmentsScreen', () => {
  it('without an upload: the templates, the file chooser and the recent uploads', async () => {
    await renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload Enrollments' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download template (.xlsx)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download template (.csv)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'march.csv' })).toHaveAttribute(
      'href',
      `/upload-enrollments?importPK=${IMPORT_PK}`,
    );
  });

  it('with an upload: its summary, the preview with masked SSNs, errors and changes, and a filter', async () => {
    const user = userEvent.setup();
    const { calls } = await renderScreen(IMPORT_PK);
    expect(await screen.findByRole('heading', { level: 2, name: 'census.csv' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('upload-source')).toHaveTextContent('CSV · Read as Windows-1252 · Comma-separated');
    const rows = await screen.findAllByTestId('preview-row', {}, { timeout: 5000 });
    expect(within(rows[0]!).getByText('DOB: Enter a valid date.')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Gender: Not a value of this list.')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('•••-••-9876')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Last Name: Smith → Lee')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'Rows')?.query).toEqual({
      employerPK: String(EMPLOYER_PK),
      importPK: String(IMPORT_PK),
      filter: 'all',
      page: '0',
    });

    await user.click(screen.getByRole('button', { name: 'Errors only (2)' }));
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ filter: 'errors', page: '0' }));
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  }, 30_000);
});
