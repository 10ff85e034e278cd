import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_SETUP_MESSAGES } from '../../contracts/group-setup';
import { renderSignedIn } from '../../test/render-signed-in';
import { GroupSetupScreen } from './group-setup-screen';

type Call = { path: string; body: unknown };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

const WORKBOOK_GROUP = {
  employerName: 'Harbor Logistics',
  employerID: 'G900001',
  taxID: '12-3456789',
  groupEffectiveDate: '2026-01-01',
  mfaRequired: true,
  divisions: [{ locationCode: 'NORTH', description: 'North yard' }],
  plans: [
    {
      planType: 'Medical',
      planName: 'Harbor PPO',
      planCode: 'HPPO',
      networkCode: '',
      planDescription: '',
      contractBeginDate: '2026-01-01',
      contractEndDate: '2026-12-31',
      divisions: [],
    },
  ],
  tiers: [{ isMedical: true, name: 'Employee Only', tierCode: 'EE', requiresDependents: false }],
};

function stubServer(answer: (path: string, body: unknown) => Response) {
  const calls: Call[] = [];
  globalThis.fetch = vi.fn<typeof fetch>(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname.replace(/^\/api\/enrollment/, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const body = path === '/Employer/Create' && text ? JSON.parse(text) : text;
    calls.push({ path, body });
    return answer(path, body);
  });
  return calls;
}

function renderScreen(answer: (path: string, body: unknown) => Response) {
  const calls = stubServer(answer);
  const onSwitchGroup = vi.fn();
  renderSignedIn(<GroupSetupScreen onSwitchGroup={onSwitchGroup} />);
  return { calls, onSwitchGroup };
}

const form = () => screen.findByRole('form', { name: 'Group setup' });
const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

// A long form of date pickers: slow to render on a shared machine.
describe('GroupSetupScreen', { timeout: 60_000 }, () => {
  it('shows the required fields’ messages and sends nothing while they fail', async () => {
    const user = userEvent.setup();
    const { calls } = renderScreen(() => json({}));
    await user.click(within(await form()).getByRole('button', { name: 'Create group' }));

    expect(await screen.findByText(GROUP_SETUP_MESSAGES.employerName)).toBeInTheDocument();
    expect(screen.getByText(GROUP_SETUP_MESSAGES.employerID)).toBeInTheDocument();
    expect(screen.getByText(GROUP_SETUP_MESSAGES.taxID)).toBeInTheDocument();
    expect(screen.getByText(GROUP_SETUP_MESSAGES.divisionCode)).toBeInTheDocument();
    expect(screen.getByText('Plan name is required.')).toBeInTheDocument();
    expect(screen.getByText(GROUP_SETUP_MESSAGES.tiers)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('fills the usual four tiers for medical and dental', async () => {
    const user = userEvent.setup();
    renderScreen(() => json({}));
    await user.click(within(await form()).getByRole('button', { name: 'Add the usual four' }));

    const names = Array.from({ length: 8 }, (_, i) => (textbox(`Tier ${i + 1} name`) as HTMLInputElement).value);
    expect(names).toEqual([
      'Employee Only',
      'Employee + Spouse',
      'Employee + Child(ren)',
      'Family',
      'Employee Only',
      'Employee + Spouse',
      'Employee + Child(ren)',
      'Family',
    ]);
    expect((textbox('Tier 4 code') as HTMLInputElement).value).toBe('FAM');
    expect(screen.getByRole('combobox', { name: 'Tier 1 coverage' })).toHaveValue('medical');
    expect(screen.getByRole('combobox', { name: 'Tier 5 coverage' })).toHaveValue('dental');
    expect(screen.getByRole('checkbox', { name: 'Tier 2 needs dependents' })).toBeChecked();
    // Once more adds nothing: each code is there already.
    await user.click(screen.getByRole('button', { name: 'Add the usual four' }));
    expect(screen.queryByRole('textbox', { name: /^Tier 9 name/ })).toBeNull();
  });

  it('fills the form from a workbook, then shows a refusal on its field and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { calls } = renderScreen((path) => {
      if (path === '/Employer/SetupWorkbook')
        return json({ group: WORKBOOK_GROUP, problems: ['Tiers row 3: Coverage must be Medical or Dental.'] });
      return json(
        {
          title: 'Bad Request',
          status: 400,
          detail: 'The request has invalid fields.',
          errors: { employerID: [GROUP_SETUP_MESSAGES.employerIDTaken] },
        },
        400,
      );
    });
    await form();
    await user.upload(
      screen.getByTestId('group-workbook-input'),
      new File(['xlsx'], 'setup.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    );
    expect(await screen.findByText('Tiers row 3: Coverage must be Medical or Dental.')).toBeInTheDocument();
    await waitFor(() => expect(textbox('Group name')).toHaveValue('Harbor Logistics'));
    expect(textbox('Division 1 location code')).toHaveValue('NORTH');

    await user.clear(textbox('Group name'));
    await user.type(textbox('Group name'), 'Harbor Logistics West');
    await user.click(screen.getByRole('button', { name: 'Create group' }));

    expect(await screen.findByText(GROUP_SETUP_MESSAGES.employerIDTaken)).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/Employer/Create');
    expect(sent?.body).toMatchObject({ employerName: 'Harbor Logistics West', employerID: 'G900001' });
    expect(textbox('Group name')).toHaveValue('Harbor Logistics West');
    expect(textbox('Group ID')).toHaveValue('G900001');
    expect(textbox('Plan 1 name')).toHaveValue('Harbor PPO');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
