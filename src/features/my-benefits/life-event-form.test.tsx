import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LifeEventKind, LifeEventOptions } from '../../contracts/life-events';
import { userManager } from '../../lib/auth';
import { useNotificationStore } from '../../stores/notification-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { LifeEventForm } from './life-event-form';

const kind = (over: Partial<LifeEventKind> & Pick<LifeEventKind, 'code' | 'name'>): LifeEventKind => ({
  windowDays: 31,
  effectiveRule: 'firstOfNextMonth',
  addRelationshipPKs: [],
  removeRelationshipPKs: [],
  allowsPlanChange: true,
  requiresNewChild: false,
  ...over,
});

const options: LifeEventOptions = {
  subscriberPK: 7,
  employerName: 'Acme Manufacturing',
  today: '2026-11-28',
  kinds: [
    kind({ code: 'birth', name: 'Birth', effectiveRule: 'eventDate', addRelationshipPKs: [3], requiresNewChild: true }),
    kind({ code: 'marriage', name: 'Marriage', addRelationshipPKs: [1, 3] }),
    kind({
      code: 'divorce',
      name: 'Divorce or legal separation',
      removeRelationshipPKs: [1, 24],
      allowsPlanChange: false,
    }),
  ],
  coverages: [
    {
      planType: 'Medical',
      current: { planPK: 101, coverageOptionPK: 12 },
      plans: [
        { planPK: 101, planName: 'Choice PPO 500' },
        { planPK: 102, planName: 'HDHP 3000 HSA' },
      ],
      tiers: [
        { coverageOptionPK: 11, tierName: 'Employee Only', coversDependents: false },
        { coverageOptionPK: 12, tierName: 'Employee + Spouse', coversDependents: true },
        { coverageOptionPK: 14, tierName: 'Family', coversDependents: true },
      ],
    },
    { planType: 'Dental', current: null, plans: [], tiers: [] },
  ],
  dependents: [
    { dependentPK: 51, name: 'Sam Lopez', relationshipPK: 1 },
    { dependentPK: 52, name: 'Lia Lopez', relationshipPK: 3 },
  ],
  events: [],
};

const LOOKUPS: Record<string, { pk: number; name: string }[]> = {
  RelationshipList: [
    { pk: 1, name: 'Spouse' },
    { pk: 3, name: 'Child' },
    { pk: 24, name: 'Domestic Partner' },
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
    return new Response(
      JSON.stringify({ subscriberPK: 7, lifeEventPK: 3, requestPK: 90, effectiveDate: '2026-11-08' }),
      { headers: { 'Content-Type': 'application/json' } },
    );
  });
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  return bodies;
}

async function typeEventDate(user: ReturnType<typeof userEvent.setup>, mmddyyyy: string) {
  const group = screen.getByRole('group', { name: /^Date of the event/ });
  await user.click(within(group).getByRole('spinbutton', { name: 'Month' }));
  await user.keyboard(mmddyyyy);
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useNotificationStore.setState({ current: null });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('LifeEventForm', () => {
  it('tells the member an event past its window cannot be reported here, and whom to contact', async () => {
    const user = userEvent.setup();
    stubApi();
    renderSignedIn(<LifeEventForm employerPK={2} options={options} onReported={vi.fn()} />);
    await user.selectOptions(await screen.findByRole('combobox', { name: /^What happened/ }), 'Marriage');
    await typeEventDate(user, '10142026');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Marriage must be reported within 31 days of the event; this one was 45 days ago, so it can no longer be ' +
        'reported here. Contact your HR team at Acme Manufacturing',
    );
    expect(screen.queryByRole('button', { name: 'Send to HR' })).toBeNull();
  }, 20_000);

  it('offers a divorce only what is consistent with it: remove the spouse, change who is covered', async () => {
    const user = userEvent.setup();
    stubApi();
    renderSignedIn(<LifeEventForm employerPK={2} options={options} onReported={vi.fn()} />);
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^What happened/ }),
      'Divorce or legal separation',
    );
    await typeEventDate(user, '11202026');
    const removing = await screen.findByRole('group', { name: 'Dependents to remove' });
    expect(
      within(removing)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Sam Lopez']);
    expect(screen.queryByRole('region', { name: 'Dependents to add' })).toBeNull();
    const medical = screen.getByRole('region', { name: 'Medical' });
    expect(within(medical).getByRole('radio', { name: 'Change who is covered' })).toBeInTheDocument();
    expect(within(medical).queryByRole('radio', { name: /^End my/ })).toBeNull();
    await user.click(within(medical).getByRole('radio', { name: 'Change who is covered' }));
    await user.click(within(medical).getByRole('combobox', { name: 'Plan' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Choice PPO 500']);
  }, 20_000);

  it('sends a birth with the child, the tier that covers them and the proof to follow', async () => {
    const user = userEvent.setup();
    const bodies = stubApi();
    const onReported = vi.fn();
    renderSignedIn(<LifeEventForm employerPK={2} options={options} onReported={onReported} />);
    await user.selectOptions(await screen.findByRole('combobox', { name: /^What happened/ }), 'Birth');
    await typeEventDate(user, '11082026');
    expect(
      await screen.findByText(/Changes take effect on the date of the event \(11\/08\/2026\)/),
    ).toBeInTheDocument();
    const medical = screen.getByRole('region', { name: 'Medical' });
    await user.click(within(medical).getByRole('radio', { name: 'Change plan or who is covered' }));
    await user.click(within(medical).getByRole('combobox', { name: 'Who is covered' }));
    await user.click(screen.getByRole('option', { name: 'Family' }));
    const card = screen.getByRole('region', { name: 'Dependents to add' });
    await user.click(within(card).getByRole('button', { name: 'Add a dependent' }));
    await user.type(within(card).getByLabelText(/^First name/), 'Iris');
    await user.type(within(card).getByLabelText(/^Last name/), 'Lopez');
    await user.click(
      within(within(card).getByRole('group', { name: /^Date of birth/ })).getByRole('spinbutton', { name: 'Month' }),
    );
    await user.keyboard('11082026');
    const relationship = within(card).getByRole('combobox', { name: /^Relationship/ });
    await waitFor(() => expect(within(relationship).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(relationship, 'Child');
    await user.selectOptions(within(card).getByRole('combobox', { name: /^Gender/ }), 'Female');

    // Without a file or "to follow", nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Send to HR' }));
    expect(await screen.findByText('Choose the file, or say the proof will follow.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.click(screen.getByRole('radio', { name: /^It will follow/ }));
    await user.click(screen.getByRole('button', { name: 'Send to HR' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      employerPK: 2,
      kindCode: 'birth',
      eventDate: '2026-11-08',
      elections: [{ planType: 'Medical', action: 'change', planPK: 101, coverageOptionPK: 14, waiveReason: null }],
      newDependents: [
        { firstName: 'Iris', lastName: 'Lopez', dateOfBirth: '2026-11-08', relationshipPK: 3, genderPK: 2 },
      ],
      removeDependentPKs: [],
      proofToFollow: true,
      proofDueDate: '2026-12-28',
    });
    await waitFor(() => expect(onReported).toHaveBeenCalledWith(expect.objectContaining({ requestPK: 90 }), false));
  }, 30_000);
});
