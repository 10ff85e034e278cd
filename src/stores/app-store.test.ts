import { afterEach, describe, expect, it } from 'vitest';
import { APP_STORE_KEY, resetAppState, selectCurrentEmployerPK, useAppStore } from './app-store';

const groupRoles = [
  { GroupPK: 3, roles: ['Broker' as const] },
  { GroupPK: 4, roles: ['Broker' as const] },
];

afterEach(() => {
  resetAppState();
  sessionStorage.clear();
  localStorage.clear();
});

describe('selectCurrentEmployerPK', () => {
  it('prefers the chosen employer', () => {
    expect(selectCurrentEmployerPK({ employer: { currentEmployerPK: 4 } }, groupRoles)).toBe(4);
  });

  it('falls back to the first group of the group roles', () => {
    expect(selectCurrentEmployerPK({ employer: { currentEmployerPK: null } }, groupRoles)).toBe(3);
  });

  it('is null without a choice and without group roles', () => {
    expect(selectCurrentEmployerPK({ employer: { currentEmployerPK: null } }, [])).toBeNull();
  });
});

describe('adoptEmployer', () => {
  it('keeps a stored group the user still belongs to', () => {
    useAppStore.getState().setCurrentEmployer(4);
    useAppStore.getState().adoptEmployer([3, 4]);
    expect(useAppStore.getState().employer.currentEmployerPK).toBe(4);
  });

  it('takes the first group when the stored one is not the user’s', () => {
    useAppStore.getState().setCurrentEmployer(9);
    useAppStore.getState().adoptEmployer([3, 4]);
    expect(useAppStore.getState().employer.currentEmployerPK).toBe(3);
  });
});

describe('persistence', () => {
  const stored = () =>
    JSON.parse(sessionStorage.getItem(APP_STORE_KEY) ?? 'null') as { state: Record<string, unknown> } | null;

  it('persists to sessionStorage, never localStorage, and not the open modal', () => {
    const store = useAppStore.getState();
    store.setCurrentEmployer(3);
    store.updateDraft({ requestPK: 11, subscriberPK: 12, step: 2 });
    store.setAnalyticsOptOut(true);
    store.openModal('privacyModal');

    expect(stored()?.state).toEqual({
      employer: { currentEmployerPK: 3 },
      enrollment: { requestPK: 11, subscriberPK: 12, changeReasonPK: null, step: 2, dependentTermDate: null },
      analyticsOptOut: true,
    });
    expect(localStorage.length).toBe(0);
  });

  it('clearSubscriber empties the wizard pointers only', () => {
    const store = useAppStore.getState();
    store.setCurrentEmployer(3);
    store.updateDraft({ requestPK: 11, subscriberPK: 12 });
    store.clearSubscriber();
    expect(useAppStore.getState().enrollment.requestPK).toBeNull();
    expect(useAppStore.getState().employer.currentEmployerPK).toBe(3);
  });

  it('resetAppState clears the state and leaves nothing in storage', () => {
    const store = useAppStore.getState();
    store.setCurrentEmployer(3);
    store.setAnalyticsOptOut(true);
    store.openModal('brokerModal');

    resetAppState();

    const state = useAppStore.getState();
    expect(state.employer.currentEmployerPK).toBeNull();
    expect(state.analyticsOptOut).toBe(false);
    expect(state.modal).toBeNull();
    expect(sessionStorage.getItem(APP_STORE_KEY)).toBeNull();
  });
});
