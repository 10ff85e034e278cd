import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPEN_ENROLLMENT_MESSAGES, type CoverageChoice, type MyEnrollment } from '../../contracts/open-enrollment';
import { userManager } from '../../lib/auth';
import { useNotificationStore } from '../../stores/notification-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { EnrollmentForm } from './enrollment-form';

const tiers = [
  { coverageOptionPK: 11, tierName: 'Employee Only' },
  { coverageOptionPK: 14, tierName: 'Family' },
];

const medical: CoverageChoice = {
  planType: 'Medical',
  current: { planName: 'Choice PPO 500', tierName: 'Family', employeeShare: '310.15' },
  keepPlanPK: 101,
  tier: tiers[1]!,
  tiers,
  options: [
    { planPK: 101, planName: 'Choice PPO 500', employeeShare: '310.15', perYear: '8063.90', differencePerYear: '0.00' },
    {
      planPK: 102,
      planName: 'HDHP 3000 HSA',
      employeeShare: '250.00',
      perYear: '6500.00',
      differencePerYear: '-1563.90',
    },
  ],
  election: null,
};
const dental: CoverageChoice = {
  planType: 'Dental',
  current: null,
  keepPlanPK: null,
  tier: { coverageOptionPK: 21, tierName: 'Employee Only' },
  tiers: [{ coverageOptionPK: 21, tierName: 'Employee Only' }],
  options: [
    { planPK: 201, planName: 'Dental Basic', employeeShare: '12.00', perYear: '312.00', differencePerYear: '312.00' },
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
  submittedAt: null,
};

function stubApi() {
  const bodies: unknown[] = [];
  globalThis.fetch = vi.fn<typeof fetch>(async (input) => {
    const request = input as Request;
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
    expect(within(table).getByRole('row', { name: /Choice PPO 500/ })).toHaveTextContent('Same as today');
    // Nothing to keep in dental: the member chooses.
    const dentalCard = screen.getByRole('region', { name: 'Dental' });
    expect(within(dentalCard).queryByRole('radio', { name: /^Keep my plan/ })).not.toBeInTheDocument();
    expect(within(dentalCard).getByRole('radio', { name: 'Choose a plan' })).toBeChecked();
  });

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
    });
    await waitFor(() => expect(useNotificationStore.getState().current?.title).toBe('Your elections were submitted'));
  });
});
