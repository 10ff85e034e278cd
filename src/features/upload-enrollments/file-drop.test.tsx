import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../contracts/imports';
import { resetAppState, useAppStore } from '../../stores/app-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { refusalOfFile } from './file-check';
import { FileDrop } from './file-drop';
import { EMPLOYER_PK, importView, json, problem, stubImportApi, type ImportCall } from './upload-test-api';

const fileOf = (name: string, size?: number) => {
  const file = new File(['Employee Key,Relationship\n'], name, { type: 'text/csv' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

function renderDrop(answer: (call: ImportCall) => Response = () => json(importView())) {
  const api = stubImportApi((_name, call) => answer(call));
  const onUploaded = vi.fn();
  renderSignedIn(<FileDrop employerPK={EMPLOYER_PK} onUploaded={onUploaded} />, { queryClient: api.queryClient });
  return { ...api, onUploaded };
}

const fileInput = () => screen.findByLabelText<HTMLInputElement>('Enrollment file');

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useAppStore.getState().setCurrentEmployer(EMPLOYER_PK);
});

afterEach(() => {
  vi.restoreAllMocks();
  resetAppState();
  sessionStorage.clear();
});

describe('refusalOfFile', () => {
  it('takes .xlsx and .csv up to 20 MB, whatever the case of the extension', () => {
    expect(refusalOfFile({ name: 'census.XLSX', size: 10 })).toBeNull();
    expect(refusalOfFile({ name: 'census.csv', size: IMPORT_MAX_BYTES })).toBeNull();
    expect(refusalOfFile({ name: 'census.csv', size: IMPORT_MAX_BYTES + 1 })).toBe(IMPORT_MESSAGES.tooLarge);
    expect(refusalOfFile({ name: 'census.xls', size: 10 })).toBe(IMPORT_MESSAGES.fileType);
    expect(refusalOfFile({ name: 'csv', size: 10 })).toBe(IMPORT_MESSAGES.fileType);
    expect(refusalOfFile({ name: 'empty.csv', size: 0 })).toBe(IMPORT_MESSAGES.empty);
  });
});

describe('FileDrop', () => {
  it('refuses a file over 20 MB before sending anything', async () => {
    const { calls } = renderDrop();
    fireEvent.change(await fileInput(), { target: { files: [fileOf('big.csv', IMPORT_MAX_BYTES + 1)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.tooLarge);
    expect(calls).toEqual([]);
  });

  it('refuses a dropped file of another type before sending anything', async () => {
    const { calls } = renderDrop();
    fireEvent.drop(await screen.findByTestId('file-drop-area'), {
      dataTransfer: { files: [fileOf('census.pdf')] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.fileType);
    expect(calls).toEqual([]);
  });

  it('sends the file with its name and tells when the preview is ready', async () => {
    const user = userEvent.setup();
    const { calls, onUploaded } = renderDrop();
    await user.upload(await fileInput(), fileOf('census.csv'));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ importPK: 41 })));
    expect(calls).toEqual([
      { path: 'Upload', query: { employerPK: String(EMPLOYER_PK), fileName: 'census.csv' }, body: undefined },
    ]);
  });

  it('shows the server’s refusal of the file in place and stays usable', async () => {
    const user = userEvent.setup();
    const { onUploaded } = renderDrop(() =>
      problem(400, 'The request is invalid.', { file: ['The file holds no rows.'] }),
    );
    await user.upload(await fileInput(), fileOf('census.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file holds no rows.');
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeEnabled();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
