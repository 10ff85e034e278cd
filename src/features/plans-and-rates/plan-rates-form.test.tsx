import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RATE_MESSAGE, type PlanYearPlan } from '../../contracts/plan-years';
import { userManager } from '../../lib/auth';
import { useNotificationStore } from '../../stores/notification-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { PlanRatesForm } from './plan-rates-form';

const plan: PlanYearPlan = {
  planPK: 41,
  divisionPK: 3,
  divisionName: 'North',
  planType: 'Medical',
  planName: 'Harbor PPO',
  planDescription: 'PPO',
  planCode: 'HPPO',
  networkCode: 'N1',
  successorPlanPK: null,
  oopMaxSingle: '4000.00',
  oopMaxFamily: '8000.00',
  mustChoose: false,
  rates: [
    { coverageOptionPK: 7, tierName: 'Employee Only', employeeShare: '51.69', employerShare: '206.77' },
    { coverageOptionPK: 8, tierName: 'Family', employeeShare: null, employerShare: null },
  ],
  hasSbc: false,
  sbcFileName: null,
};

type Call = { url: string; body: unknown };

function stubApi(status = 200) {
  const calls: Call[] = [];
  globalThis.fetch = vi.fn<typeof fetch>(async (input) => {
    const request = input as Request;
    calls.push({ url: new URL(request.url).pathname, body: JSON.parse(await request.text()) as unknown });
    return status === 200
      ? new Response(JSON.stringify({ ok: true }), { headers: { 'Content-Type': 'application/json' } })
      : new Response(JSON.stringify({ title: 'Conflict', status, detail: 'The plan year has ended.' }), {
          status,
          headers: { 'Content-Type': 'application/problem+json' },
        });
  });
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  return calls;
}

const row = (tier: string) => screen.getByRole('row', { name: new RegExp(`^${tier.replace('+', '\\+')}`) });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useNotificationStore.setState({ current: null });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('PlanRatesForm', () => {
  it('shows each tier with its total per pay period and the employee’s cost per year, in exact cents', async () => {
    stubApi();
    renderSignedIn(<PlanRatesForm employerPK={2} plan={plan} periodsPerYear={26} readOnly={false} />);
    await screen.findByRole('table');
    const ee = row('Employee Only');
    expect(within(ee).getByText('$258.46')).toBeInTheDocument();
    // 51.69 × 26 = 1,343.94 exactly (a float sum would show 1,343.9399…).
    expect(within(ee).getByText('$1,343.94')).toBeInTheDocument();
    expect(within(row('Family')).getAllByText('—')).toHaveLength(2);
  });

  it('refuses amounts that are not dollars and cents, sending nothing', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    renderSignedIn(<PlanRatesForm employerPK={2} plan={plan} periodsPerYear={26} readOnly={false} />);
    await screen.findByRole('table');
    await user.type(screen.getByLabelText(/^Family: employee/), '12.345');
    await user.type(screen.getByLabelText(/^Family: employer/), '400');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findAllByText(RATE_MESSAGE)).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('saves the rates typed and keeps them when the server refuses', async () => {
    const user = userEvent.setup();
    const calls = stubApi(409);
    renderSignedIn(<PlanRatesForm employerPK={2} plan={plan} periodsPerYear={12} readOnly={false} />);
    await screen.findByRole('table');
    await user.type(screen.getByLabelText(/^Family: employee/), '300.5');
    await user.type(screen.getByLabelText(/^Family: employer/), '900');
    expect(within(row('Family')).getByText('$1,200.50')).toBeInTheDocument();
    expect(within(row('Family')).getByText('$3,606.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: '/api/enrollment/PlanYears/Rates',
      body: {
        employerPK: 2,
        planPK: 41,
        rates: [
          { coverageOptionPK: 7, employeeShare: '51.69', employerShare: '206.77' },
          { coverageOptionPK: 8, employeeShare: '300.5', employerShare: '900' },
        ],
      },
    });
    await waitFor(() => expect(useNotificationStore.getState().current?.message).toContain('The plan year has ended.'));
    expect(screen.getByLabelText(/^Family: employee/)).toHaveValue('300.5');
  });

  it('shows an ended year’s rates without a way to change them', async () => {
    stubApi();
    renderSignedIn(<PlanRatesForm employerPK={2} plan={plan} periodsPerYear={26} readOnly />);
    await screen.findByRole('table');
    expect(screen.getByLabelText(/^Employee Only: employee/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save rates' })).not.toBeInTheDocument();
  });
});
