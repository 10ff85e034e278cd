import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FSA_MESSAGES } from '../../contracts/enrollment';
import { OPEN_ENROLLMENT_MESSAGES, type CoverageChoice, type MyEnrollment } from '../../contracts/open-enrollment';
import { MESSAGES } from '../../contracts/person-rules';
import { userManager } from '../../lib/auth';
import { useNotificationStore } from '../../stores/notification-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { EnrollmentForm } from './enrollment-form';

const tiers = [
  { coverageOptionPK: 11, tierName: 'Employee Only', coversDependents: false },
  { coverageOptionPK: 14, tierName: 'Family', coversDependents: true },
];

const medical: CoverageChoice = {
  planType: 'Medical',
  current: { planName: 'Choice PPO 500', tierName: 'Family', employeeShare: '310.15' },
  keepPlanPK: 101,
  tier: tiers[1]!,
  tiers,
  options: [
    {
      planPK: 101,
      planName: 'Choice PPO 500',
      employeeShare: '310.15',
      perYear: '8063.90',
      differencePerYear: '0.00',
      worstCasePerYear: '16063.90',
    },
    {
      planPK: 102,
      planName: 'HDHP 3000 HSA',
      employeeShare: '250.00',
      perYear: '6500.00',
      differencePerYear: '-1563.90',
      worstCasePerYear: '20500.00',
    },
  ],
  election: null,
};
const dental: CoverageChoice = {
  planType: 'Dental',
  current: null,
  keepPlanPK: null,
  tier: { coverageOptionPK: 21, tierName: 'Employee Only' },
  tiers: [{ coverageOptionPK: 21, tierName: 'Employee Only', coversDependents: false }],
  options: [
    {
      planPK: 201,
      planName: 'Dental Basic',
      employeeShare: '12.00',
      perYear: '312.00',
      differencePerYear: '312.00',
      worstCasePerYear: null,
    },
  ],
  election: null,
};
const enrollment: MyEnrollment = {
  subscriberPK: 7,
  window: {
    windowPK: 1,
    startsOn: '2026-11-20',
    endsOn: '2026-12-11',
    planYearBegin: '2027-01-01',
    unstartedChoice: 'rollover',
    open: true,
    closing: false,
  },
  periodsPerYear: 26,
  choices: [medical, dental],
  newDependents: [],
  fsaPlans: [{ planPK: 301, planName: 'Health Care FSA' }],
  fsaElections: [],
  dependents: [
    { dependentPK: 55, name: 'Sam Lopez', relationship: 'Child' },
    { dependentPK: 56, name: 'Ana Lopez', relationship: 'Spouse' },
  ],
  removeDependentPKs: [],
  submittedAt: null,
};

const LOOKUPS: Record<string, { pk: number; name: string }[]> = {
  RelationshipList: [
    { pk: 1, name: 'Spouse' },
    { pk: 3, name: 'Child' },
    { pk: 24, name: 'Domestic Partner' },
    { pk: 9, name: 'Grandchild' },
  ],
  GenderList: [
    { pk: 1, name: 'Male' },
    { pk: 2, name: 'Female' },
  ],
};

function stubApi() {
  const bodies: unknown[] = [];
  globalThis.fetch = vi.fn<typeof fetch>(async (input) => {
    const request = input as Request;
    const list = LOOKUPS[new URL(request.url).pathname.split('/').at(-1) ?? ''];
    if (list) return new Response(JSON.stringify(list), { headers: { 'Content-Type': 'application/json' } });
    if (request.method === 'POST') bodies.push(JSON.parse(await request.text()));
    return new Response(JSON.stringify({ subscriberPK: 7, submittedAt: '2026-11-27T10:00:00.000Z' }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  return bodies;
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useNotificationStore.setState({ current: null });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('EnrollmentForm', () => {
  it('compares next year’s plans per paycheck, per year and against today', async () => {
    stubApi();
    renderSignedIn(<EnrollmentForm employerPK={2} enrollment={enrollment} />);
    const table = await screen.findByRole('table', { name: 'Medical plans for Family' });
    const hdhp = within(table).getByRole('row', { name: /HDHP 3000 HSA/ });
    expect(hdhp).toHaveTextContent('$250.00');
    expect(hdhp).toHaveTextContent('$6,500.00');
    expect(hdhp).toHaveTextContent('$1,563.90 less');
    // The worst case: a year's premiums plus the out-of-pocket maximum; dental plans carry none.
    expect(within(table).getByRole('columnheader', { name: 'Worst case per year' })).toBeInTheDocument();
    expect(hdhp).toHaveTextContent('$20,500.00');
    const dentalTable = screen.getByRole('table', { name: 'Dental plans for Employee Only' });
    expect(within(dentalTable).queryByRole('columnheader', { name: 'Worst case per year' })).toBeNull();
    expect(within(table).getByRole('row', { name: /Choice PPO 500/ })).toHaveTextContent('Same as today');
    // Nothing to keep in dental: the member chooses.
    const dentalCard = screen.getByRole('region', { name: 'Dental' });
    expect(within(dentalCard).queryByRole('radio', { name: /^Keep my plan/ })).not.toBeInTheDocument();
    expect(within(dentalCard).getByRole('radio', { name: 'Choose a plan' })).toBeChecked();
  }, 20_000);

  it('asks for the reason of a waiver and for a plan, sending nothing until they are given', async () => {
    const user = userEvent.setup();
    const bodies = stubApi();
    renderSignedIn(<EnrollmentForm employerPK={2} enrollment={enrollment} />);
    const medicalCard = await screen.findByRole('region', { name: 'Medical' });
    await user.click(within(medicalCard).getByRole('radio', { name: 'Waive medical coverage' }));
    await user.click(screen.getByRole('button', { name: 'Submit my elections' }));
    expect(await within(medicalCard).findByText(OPEN_ENROLLMENT_MESSAGES.waiveReason)).toBeInTheDocument();
    expect(screen.getByText(OPEN_ENROLLMENT_MESSAGES.planRequired)).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('keeps today’s plan by default and sends the chosen dental plan', async () => {
    const user = userEvent.setup();
    const bodies = stubApi();
    renderSignedIn(<EnrollmentForm employerPK={2} enrollment={enrollment} />);
    const dentalCard = await screen.findByRole('region', { name: 'Dental' });
    await user.click(within(dentalCard).getByRole('radio', { name: 'Choose Dental Basic' }));
    await user.click(screen.getByRole('button', { name: 'Submit my elections' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      employerPK: 2,
      elections: [
        { planType: 'Medical', action: 'keep', planPK: null, coverageOptionPK: 14, waiveReason: null },
        { planType: 'Dental', action: 'change', planPK: 201, coverageOptionPK: 21, waiveReason: null },
      ],
      newDependents: [],
      // No FSA amount entered: no FSA next year; no one removed.
      FSAElections: [],
      removeDependentPKs: [],
    });
    await waitFor(() => expect(useNotificationStore.getState().current?.title).toBe('Your elections were submitted'));
  });

  it('adds a newborn with name, birth date, relationship and gender, offering only the three relationships', async () => {
    const user = userEvent.setup();
    const bodies = stubApi();
    renderSignedIn(<EnrollmentForm employerPK={2} enrollment={enrollment} />);
    const dentalCard = await screen.findByRole('region', { name: 'Dental' });
    await user.click(within(dentalCard).getByRole('radio', { name: 'Choose Dental Basic' }));
    const card = screen.getByRole('region', { name: 'Dependents to add' });
    await user.click(within(card).getByRole('button', { name: 'Add a dependent' }));
    await user.click(screen.getByRole('button', { name: 'Submit my elections' }));
    expect(await within(card).findByText(MESSAGES.dependentDobRequired)).toBeInTheDocument();
    expect(within(card).getByText(MESSAGES.genderRequired)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(within(card).getByLabelText(/^First name/), 'Nora');
    await user.type(within(card).getByLabelText(/^Last name/), 'Lopez');
    const born = within(card).getByRole('group', { name: /^Date of birth/ });
    await user.click(within(born).getByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('11022026');
    const relationship = within(card).getByRole('combobox', { name: /^Relationship/ });
    await waitFor(() => expect(within(relationship).getAllByRole('option')).toHaveLength(4));
    expect(within(relationship).queryByRole('option', { name: 'Grandchild' })).toBeNull();
    await user.selectOptions(relationship, 'Child');
    await user.selectOptions(within(card).getByRole('combobox', { name: /^Gender/ }), 'Female');
    await user.click(screen.getByRole('button', { name: 'Submit my elections' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { newDependents: unknown[] }).newDependents).toEqual([
      { firstName: 'Nora', lastName: 'Lopez', dateOfBirth: '2026-11-02', relationshipPK: 3, genderPK: 2 },
    ]);
  }, 30_000);

  it('elects an FSA amount for the year with the wizard’s rule, and removes a dependent from next year', async () => {
    const user = userEvent.setup();
    const bodies = stubApi();
    renderSignedIn(<EnrollmentForm employerPK={2} enrollment={enrollment} />);
    const dentalCard = await screen.findByRole('region', { name: 'Dental' });
    await user.click(within(dentalCard).getByRole('radio', { name: 'Choose Dental Basic' }));
    const fsa = screen.getByRole('region', { name: 'Flexible spending account (FSA)' });
    const amount = within(fsa).getByRole('textbox', { name: 'Health Care FSA: amount for the year' });
    await user.type(amount, '99999999999');
    await user.click(screen.getByRole('button', { name: 'Submit my elections' }));
    expect(await within(fsa).findByText(FSA_MESSAGES.limit)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '1250.00');
    expect(amount).toHaveValue('$1,250.00');
    const removal = screen.getByRole('region', { name: 'Dependents to remove' });
    const sam = within(removal).getByRole('checkbox', { name: 'Remove Sam Lopez (Child)' });
    expect(sam).not.toBeChecked();
    await user.click(sam);
    await user.click(screen.getByRole('button', { name: 'Submit my elections' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      FSAElections: [{ pk: 301, amount: '1,250.00' }],
      removeDependentPKs: [55],
    });
  }, 30_000);

  it('shows the FSA amount and the removals of the last submission', async () => {
    stubApi();
    renderSignedIn(
      <EnrollmentForm
        employerPK={2}
        enrollment={{
          ...enrollment,
          fsaElections: [{ pk: 301, amount: '2,000.00' }],
          removeDependentPKs: [56],
          submittedAt: '2026-11-27T10:00:00.000Z',
        }}
      />,
    );
    const fsa = await screen.findByRole('region', { name: 'Flexible spending account (FSA)' });
    expect(within(fsa).getByRole('textbox', { name: 'Health Care FSA: amount for the year' })).toHaveValue('$2,000.00');
    const removal = screen.getByRole('region', { name: 'Dependents to remove' });
    expect(within(removal).getByRole('checkbox', { name: 'Remove Ana Lopez (Spouse)' })).toBeChecked();
    expect(within(removal).getByRole('checkbox', { name: 'Remove Sam Lopez (Child)' })).not.toBeChecked();
  });
});
