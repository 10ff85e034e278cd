import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SBC_MAX_BYTES, SBC_MESSAGES, type PlanYearPlan } from '../../contracts/plan-years';
import { userManager } from '../../lib/auth';
import { useNotificationStore } from '../../stores/notification-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { PlanSbcField, refusalOfSbc } from './plan-sbc-field';

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
  oopMaxSingle: null,
  oopMaxFamily: null,
  mustChoose: false,
  rates: [],
  hasSbc: false,
  sbcFileName: null,
};

type Call = { path: string; search: string; contentType: string | null; body: string };

function stubApi(answer: () => Response) {
  const calls: Call[] = [];
  globalThis.fetch = vi.fn<typeof fetch>(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    calls.push({
      path: url.pathname,
      search: url.search,
      contentType: request.headers.get('Content-Type'),
      body: await request.text(),
    });
    return answer();
  });
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  return calls;
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status === 200 ? 'application/json' : 'application/problem+json' },
  });
const pdfFile = (name = 'Harbor SBC.pdf') => new File(['%PDF-1.7\n%%EOF\n'], name, { type: 'application/pdf' });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useNotificationStore.setState({ current: null });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('refusalOfSbc', () => {
  it('takes a PDF by its first bytes, up to 10 MB', async () => {
    expect(await refusalOfSbc(pdfFile())).toBeNull();
    expect(await refusalOfSbc(new File(['<html>'], 'sbc.pdf'))).toBe(SBC_MESSAGES.notPdf);
    expect(await refusalOfSbc(new File([], 'sbc.pdf'))).toBe(SBC_MESSAGES.empty);
    const big = new File([new Uint8Array(SBC_MAX_BYTES + 1)], 'sbc.pdf');
    expect(await refusalOfSbc(big)).toBe(SBC_MESSAGES.tooLarge);
  });
});

describe('PlanSbcField', () => {
  it('refuses a file that is not a PDF without sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = stubApi(() => json({}));
    renderSignedIn(<PlanSbcField employerPK={2} plan={plan} readOnly={false} />);
    await user.upload(await screen.findByLabelText('SBC file of Harbor PPO'), new File(['PK'], 'sbc.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent(SBC_MESSAGES.notPdf);
    expect(calls).toEqual([]);
  });

  it("uploads the PDF's bytes for the plan and says so", async () => {
    const user = userEvent.setup();
    const calls = stubApi(() =>
      json({ planPK: 41, fileName: 'Harbor SBC.pdf', size: 15, uploadedAt: '2026-11-28T10:00:00.000Z' }),
    );
    renderSignedIn(<PlanSbcField employerPK={2} plan={plan} readOnly={false} />);
    expect(await screen.findByRole('button', { name: 'Upload SBC' })).toBeEnabled();
    await user.upload(await screen.findByLabelText('SBC file of Harbor PPO'), pdfFile());
    await waitFor(() => expect(useNotificationStore.getState().current?.title).toBe('SBC of Harbor PPO saved'));
    // jsdom's File does not reach a Request as bytes; the server tests read the bytes sent.
    expect(calls[0]).toMatchObject({
      path: '/api/enrollment/PlanYears/SbcUpload',
      search: '?employerPK=2&planPK=41&fileName=Harbor+SBC.pdf',
      contentType: 'application/octet-stream',
    });
  });

  it("shows the server's refusal in words", async () => {
    const user = userEvent.setup();
    stubApi(() => json({ title: 'Bad Request', status: 400, detail: SBC_MESSAGES.notPdf }, 400));
    renderSignedIn(<PlanSbcField employerPK={2} plan={plan} readOnly={false} />);
    await user.upload(await screen.findByLabelText('SBC file of Harbor PPO'), pdfFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(SBC_MESSAGES.notPdf);
  });

  it('offers to replace an SBC, and removes it only once confirmed', async () => {
    const user = userEvent.setup();
    const calls = stubApi(() => json({ ok: true }));
    const withSbc = { ...plan, hasSbc: true, sbcFileName: 'Harbor SBC.pdf' };
    renderSignedIn(<PlanSbcField employerPK={2} plan={withSbc} readOnly={false} />);
    expect(await screen.findByRole('button', { name: 'Open the SBC of Harbor PPO: Harbor SBC.pdf' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Replace SBC' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove SBC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the SBC of Harbor PPO?' });
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove SBC' }));
    await waitFor(() => expect(useNotificationStore.getState().current?.title).toBe('SBC of Harbor PPO removed'));
    expect(calls[0]).toMatchObject({
      path: '/api/enrollment/PlanYears/SbcRemove',
      body: '{"employerPK":2,"planPK":41}',
    });
  });

  it('offers no change in an ended year', async () => {
    stubApi(() => json({}));
    renderSignedIn(<PlanSbcField employerPK={2} plan={{ ...plan, hasSbc: true, sbcFileName: 'old.pdf' }} readOnly />);
    expect(await screen.findByRole('button', { name: /Open the SBC/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Replace SBC|Upload SBC|Remove SBC/ })).not.toBeInTheDocument();
  });
});
