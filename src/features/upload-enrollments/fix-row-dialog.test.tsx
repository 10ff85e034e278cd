import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppState, useAppStore } from '../../stores/app-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { cellsToSend, FixRowDialog } from './fix-row-dialog';
import {
  EMPLOYER_PK,
  IMPORT_PK,
  importRow,
  importView,
  json,
  problem,
  stubImportApi,
  type ImportCall,
} from './upload-test-api';

const ROW = importRow(7, {
  kind: 'error',
  errors: [{ field: 'dateOfBirth', column: 'DOB', message: 'Enter a valid date.' }],
});

function renderDialog(answer: (call: ImportCall) => Response) {
  const api = stubImportApi((_name, call) => answer(call));
  const onClose = vi.fn();
  renderSignedIn(
    <FixRowDialog row={ROW} open view={importView()} employerPK={EMPLOYER_PK} onClose={onClose} onExited={vi.fn()} />,
    { queryClient: api.queryClient },
  );
  return { ...api, onClose };
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

describe('cellsToSend', () => {
  it('sends the SSN only when one was typed', () => {
    expect(cellsToSend({ firstName: 'Ann', ssn: '  ' }, ['firstName', 'ssn'])).toEqual({ firstName: 'Ann' });
    expect(cellsToSend({ firstName: '', ssn: '123456789' }, ['firstName', 'ssn'])).toEqual({
      firstName: '',
      ssn: '123456789',
    });
  });
});

describe('FixRowDialog', () => {
  it('shows the row’s errors, prefills its cells, leaves the SSN empty and focuses the first field', async () => {
    renderDialog(() => json({}));
    const dialog = await screen.findByRole('dialog', { name: 'Fix row 7' });
    expect(within(dialog).getByText('DOB: Enter a valid date.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Employee Key' })).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'First Name' })).toHaveValue('Ann');
    expect(within(dialog).getByRole('textbox', { name: 'SSN' })).toHaveValue('');
    expect(within(dialog).getByText('Type the full SSN to replace it')).toBeInTheDocument();
  });

  it('keeps what was typed when the save fails', async () => {
    const user = userEvent.setup();
    const { calls, onClose } = renderDialog(() => problem(409, 'This upload can no longer be changed.'));
    const dialog = await screen.findByRole('dialog', { name: 'Fix row 7' });
    const dob = within(dialog).getByRole('textbox', { name: 'Date of Birth' });
    await user.clear(dob);
    await user.type(dob, '1980-02-03');
    await user.type(within(dialog).getByRole('textbox', { name: 'SSN' }), '123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Save row' }));

    expect(await within(dialog).findByTestId('fix-row-failure')).toHaveTextContent(
      'This upload can no longer be changed.',
    );
    expect(dob).toHaveValue('1980-02-03');
    expect(within(dialog).getByRole('textbox', { name: 'SSN' })).toHaveValue('123456789');
    expect(onClose).not.toHaveBeenCalled();
    expect(calls[0]).toEqual({
      path: 'Row',
      query: {},
      body: {
        employerPK: EMPLOYER_PK,
        importPK: IMPORT_PK,
        rowNumber: 7,
        cells: {
          employeeKey: 'E1',
          relationship: 'Employee',
          firstName: 'Ann',
          lastName: 'Lee',
          ssn: '123456789',
          dateOfBirth: '1980-02-03',
        },
      },
    });
  });

  it('shows the errors that remain after a save, and closes once none do', async () => {
    const user = userEvent.setup();
    let remaining = [{ field: 'ssn', column: null, message: 'This SSN appears more than once in the file.' }];
    const { onClose } = renderDialog(() =>
      json({
        view: importView(),
        rows: [importRow(7, { kind: remaining.length ? 'error' : 'new', errors: remaining })],
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Fix row 7' });
    await user.click(within(dialog).getByRole('button', { name: 'Save row' }));
    expect(await within(dialog).findByText('SSN: This SSN appears more than once in the file.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    remaining = [];
    await user.click(within(dialog).getByRole('button', { name: 'Save row' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
