import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoverageChoice } from '../../contracts/open-enrollment';
import { userManager } from '../../lib/auth';
import { setCurrentEmployer } from '../../stores/current-group-slice';
import { renderSignedIn } from '../../test/render-signed-in';
import { PlanComparison } from './plan-comparison';

const choice: CoverageChoice = {
  planType: 'Medical',
  current: null,
  keepPlanPK: null,
  tier: { coverageOptionPK: 11, tierName: 'Employee Only' },
  tiers: [{ coverageOptionPK: 11, tierName: 'Employee Only', coversDependents: false }],
  options: [
    {
      planPK: 101,
      planName: 'Choice PPO 500',
      employeeShare: '50.00',
      perYear: '1300.00',
      differencePerYear: '0.00',
      worstCasePerYear: null,
      hasSbc: true,
      sbcFileName: 'Choice PPO 500 SBC.pdf',
    },
    {
      planPK: 102,
      planName: 'HDHP 3000 HSA',
      employeeShare: '25.00',
      perYear: '650.00',
      differencePerYear: '-650.00',
      worstCasePerYear: null,
      hasSbc: false,
      sbcFileName: null,
    },
  ],
  election: null,
};

/** The window window.open gives back, which the PDF is shown in. */
function fakeWindow() {
  return {
    closed: false,
    opener: {} as unknown,
    close: vi.fn(),
    location: { href: 'about:blank' },
    document: document.implementation.createHTMLDocument(''),
  };
}

function stubApi() {
  const sent: Request[] = [];
  globalThis.fetch = vi.fn<typeof fetch>(async (input) => {
    const request = input as Request;
    sent.push(request);
    if (new URL(request.url).pathname.endsWith('/PlanYears/Sbc'))
      return new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
    return new Response(JSON.stringify({ title: 'Not Found', status: 404 }), {
      status: 404,
      headers: { 'Content-Type': 'application/problem+json' },
    });
  });
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  return sent;
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  setCurrentEmployer(2);
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/sbc-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('PlanComparison', () => {
  it('offers the Summary of Benefits beside the plans that have one, fetched with the bearer token', async () => {
    const user = userEvent.setup();
    const sent = stubApi();
    const target = fakeWindow();
    const open = vi.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    renderSignedIn(<PlanComparison choice={choice} selected={null} onSelect={() => undefined} />);

    const table = await screen.findByRole('table', { name: 'Medical plans for Employee Only' });
    const ppo = within(table).getByRole('row', { name: /Choice PPO 500/ });
    const hdhp = within(table).getByRole('row', { name: /HDHP 3000 HSA/ });
    expect(within(hdhp).queryByRole('button', { name: /Summary of Benefits/ })).not.toBeInTheDocument();
    const sbc = within(ppo).getByRole('button', { name: 'Summary of Benefits (PDF), Choice PPO 500' });

    // A button, not a bare link: a link would reach the API without the bearer token.
    expect(sbc.tagName).toBe('BUTTON');
    sbc.focus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(target.location.href).toBe('blob:http://localhost/sbc-1'));
    const request = sent.find((r) => new URL(r.url).pathname.endsWith('/PlanYears/Sbc'))!;
    expect(new URL(request.url).search).toBe('?employerPK=2&planPK=101');
    expect(request.headers.get('Authorization')).toBe('Bearer token-1');
    expect(target.document.title).toBe('Choice PPO 500 SBC.pdf');
  });

  it('shows no Summary of Benefits where the answer names none', async () => {
    stubApi();
    const without = { ...choice, options: choice.options.map(({ hasSbc: _h, sbcFileName: _s, ...o }) => o) };
    renderSignedIn(<PlanComparison choice={without} selected={null} />);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /Summary of Benefits/ })).not.toBeInTheDocument();
  });
});
