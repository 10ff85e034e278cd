import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppState, useAppStore } from '../../stores/app-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { MappingPanel, mergeValueMappings } from './mapping-panel';
import { EMPLOYER_PK, IMPORT_PK, importView, json, stubImportApi } from './upload-test-api';

const SPOUSE = 'SP';
const VIEW = importView({
  valueMappings: { relationship: { Spouse: SPOUSE, SP: SPOUSE }, gender: { M: 'M' } },
  choices: {
    relationship: [
      { code: 'EE', label: 'Employee' },
      { code: SPOUSE, label: 'Spouse' },
      { code: 'CH', label: 'Child' },
    ],
  },
  unmapped: [{ field: 'relationship', value: 'Wife', rows: 3 }],
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

describe('mergeValueMappings', () => {
  it('adds the choices to what the upload already maps', () => {
    expect(
      mergeValueMappings({ relationship: { Spouse: 'SP' } }, [
        { field: 'relationship', value: 'Wife', code: 'SP' },
        { field: 'gender', value: 'F.', code: 'F' },
      ]),
    ).toEqual({ relationship: { Spouse: 'SP', Wife: 'SP' }, gender: { 'F.': 'F' } });
  });
});

describe('MappingPanel', () => {
  it('opens by itself while a value needs a meaning, and sends the chosen code with the mapping', async () => {
    const user = userEvent.setup();
    const { queryClient, calls } = stubImportApi(() => json({ ...VIEW, unmapped: [] }));
    renderSignedIn(<MappingPanel view={VIEW} employerPK={EMPLOYER_PK} />, { queryClient });

    const form = await screen.findByRole('form', { name: 'Column mapping' });
    expect(within(form).getByRole('combobox', { name: 'First Name' })).toHaveTextContent('First');
    expect(within(form).getByRole('combobox', { name: 'Email' })).toHaveTextContent('Not in file');

    await user.click(within(form).getByRole('combobox', { name: 'Relationship “Wife”' }));
    await user.click(await screen.findByRole('option', { name: 'Spouse' }));
    await user.click(within(form).getByRole('combobox', { name: 'Email' }));
    await user.click(await screen.findByRole('option', { name: 'DOB' }));
    await user.click(within(form).getByRole('button', { name: 'Apply mapping' }));

    await waitFor(() => expect(calls.some((call) => call.path === 'Mapping')).toBe(true));
    const body = calls.find((call) => call.path === 'Mapping')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      employerPK: EMPLOYER_PK,
      importPK: IMPORT_PK,
      valueMappings: { relationship: { Spouse: SPOUSE, SP: SPOUSE, Wife: SPOUSE }, gender: { M: 'M' } },
    });
    expect(body.mapping).toMatchObject({ employeeKey: 0, firstName: 2, dateOfBirth: 5, email: 5, phone1: null });
  }, 30_000);

  it('stays closed when every needed field is mapped and no value waits', async () => {
    const { queryClient } = stubImportApi(() => json(VIEW));
    renderSignedIn(<MappingPanel view={importView()} employerPK={EMPLOYER_PK} />, { queryClient });
    expect(await screen.findByRole('button', { name: 'Column mapping' })).toHaveAttribute('aria-expanded', 'false');
  });
});
