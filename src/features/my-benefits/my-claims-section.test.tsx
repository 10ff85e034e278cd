import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Claim } from '../../contracts/claims';
import type { MyBenefits, MyDocuments } from '../../contracts/my-benefits';
import { userManager } from '../../lib/auth';
import { setCurrentEmployer } from '../../stores/current-group-slice';
import { renderSignedIn } from '../../test/render-signed-in';
import { MyBenefitsScreen } from './my-benefits-screen';
import { MyClaimsSection } from './my-claims-section';
import { MyDocumentsSection } from './my-documents-section';

const claimOf = (n: number): Claim => ({
  claimID: 1000 + n,
  subscriberPK: 7,
  patientPK: n % 2 ? 70 : null,
  patientFirstName: n % 2 ? 'Dana' : 'Sam',
  patientLastName: 'Rivera',
  providerName: `Provider ${n}`,
  claimNumber: `C-${n}`,
  claimType: 'Medical',
  serviceDate: `2025-03-${String(28 - n).padStart(2, '0')}`,
  billedAmount: 250,
  allowedAmount: 180,
  planPayment: 144.5,
  patientOwesAmount: 35.5,
  paymentDate: n === 0 ? null : '2025-04-02',
});
const CLAIMS = Array.from({ length: 12 }, (_, n) => claimOf(n));

const benefits: MyBenefits = {
  subscriberPK: 7,
  firstName: 'Sam',
  lastName: 'Rivera',
  payFrequency: 'Bi-Weekly',
  periodsPerYear: 26,
  coverages: [],
  fsaElections: [],
  dependents: [],
  perPaycheck: '0.00',
  perYear: '0.00',
  claimsShown: true,
};

function stubApi(
  answer: { claims?: Claim[] | 'fail'; benefits?: MyBenefits; statements?: MyDocuments['statements'] } = {},
) {
  const sent: URL[] = [];
  globalThis.fetch = vi.fn<typeof fetch>(async (input) => {
    const url = new URL((input as Request).url);
    sent.push(url);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': status === 200 ? 'application/json' : 'application/problem+json' },
      });
    if (url.pathname.endsWith('/MyBenefits/Claims')) {
      if (answer.claims === 'fail') return json({ title: 'Service Unavailable', status: 503 }, 503);
      const all = answer.claims ?? CLAIMS;
      const page = Number(url.searchParams.get('page') ?? 0);
      return json({ subscriberPK: 7, list: all.slice(page * 10, page * 10 + 10), recordCount: all.length });
    }
    if (url.pathname.endsWith('/MyBenefits/Coverage')) return json(answer.benefits ?? benefits);
    if (url.pathname.endsWith('/MyBenefits/Documents'))
      return json({ subscriberPK: 7, statements: answer.statements ?? [] });
    if (url.pathname.endsWith('/MyBenefits/Statement'))
      return new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
    return json({ title: 'Not Found', status: 404 }, 404);
  });
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  return sent;
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  setCurrentEmployer(2);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('MyClaimsSection', () => {
  it('lists the claims with their figures and status, and pages with Previous and Next', async () => {
    const user = userEvent.setup();
    const sent = stubApi();
    renderSignedIn(<MyClaimsSection employerPK={2} />);

    const section = await screen.findByRole('region', { name: 'My claims' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveTextContent('03/28/2025 · Provider 0');
    expect(items[0]).toHaveTextContent('Medical for Sam Rivera');
    expect(items[0]).toHaveTextContent('Billed $250.00 · plan paid $144.50 · your share $35.50');
    expect(items[0]).toHaveTextContent('In-Process');
    expect(items[1]).toHaveTextContent('Dana Rivera');
    expect(items[1]).toHaveTextContent('Paid 04/02/2025');
    expect(within(section).getByRole('status')).toHaveTextContent('Page 1 of 2 · 12 claims');

    const pages = within(section).getByRole('navigation', { name: 'Claim pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    within(pages).getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(within(section).getByRole('status')).toHaveTextContent('Page 2 of 2');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    // The later page sends back the total the first told, so the server counts once.
    const second = sent.find((u) => u.pathname.endsWith('/MyBenefits/Claims') && u.searchParams.get('page') === '1');
    expect(second?.searchParams.get('knownCount')).toBe('12');
    expect(second?.searchParams.get('employerPK')).toBe('2');

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(10));
  });

  it('says so when there are no claims', async () => {
    stubApi({ claims: [] });
    renderSignedIn(<MyClaimsSection employerPK={2} />);
    expect(await screen.findByText('No claims on record.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Claim pages' })).not.toBeInTheDocument();
  });

  it('offers a retry when the claims could not be loaded', async () => {
    stubApi({ claims: 'fail' });
    renderSignedIn(<MyClaimsSection employerPK={2} />);
    expect(await screen.findByText('Your claims could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});

describe('MyBenefitsScreen', () => {
  it('shows "My claims" only when the group shows claims, and always the documents', async () => {
    const sent = stubApi({ benefits: { ...benefits, claimsShown: false } });
    renderSignedIn(<MyBenefitsScreen />);
    expect(await screen.findByRole('region', { name: 'Documents' })).toBeInTheDocument();
    expect(await screen.findByText('No documents yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My claims' })).not.toBeInTheDocument();
    expect(sent.some((u) => u.pathname.endsWith('/MyBenefits/Claims'))).toBe(false);
  });
});

describe('MyDocumentsSection', () => {
  it('opens a confirmation statement through the authorised client', async () => {
    const user = userEvent.setup();
    const sent = stubApi({
      statements: [{ statementPK: 41, planYearBegin: '2026-01-01', submittedAt: '2025-11-10T15:00:00.000Z' }],
    });
    const target = {
      closed: false,
      opener: {},
      close: vi.fn(),
      location: { href: 'about:blank' },
      document: document.implementation.createHTMLDocument(''),
    };
    vi.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/statement-41');
    URL.revokeObjectURL = vi.fn();
    renderSignedIn(<MyDocumentsSection employerPK={2} />);

    const pdf = await screen.findByRole('button', { name: 'PDF, Open enrollment confirmation, plan year 2026' });
    await user.click(pdf);
    await waitFor(() => expect(target.location.href).toBe('blob:http://localhost/statement-41'));
    const request = sent.find((u) => u.pathname.endsWith('/MyBenefits/Statement'))!;
    expect(request.search).toBe('?employerPK=2&statementPK=41');
  });
});
