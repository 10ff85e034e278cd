import { afterEach, describe, expect, it } from 'vitest';
import { APP_STORE_KEY } from '../lib/app-storage';
import { resetAppState, selectCurrentEmployerPK, useAppStore } from './app-store';

afterEach(() => {
  resetAppState();
  sessionStorage.clear();
  localStorage.clear();
});

describe('selectCurrentEmployerPK', () => {
  it('is the stored group, whatever groups the user holds (the server decides which is current)', () => {
    expect(selectCurrentEmployerPK({ employer: { currentEmployerPK: 4 } })).toBe(4);
  });

  it('is null before any group was stored', () => {
    expect(selectCurrentEmployerPK({ employer: { currentEmployerPK: null } })).toBeNull();
  });
});

describe('setCurrentEmployer', () => {
  it('replaces the stored group', () => {
    useAppStore.getState().setCurrentEmployer(9);
    useAppStore.getState().setCurrentEmployer(3);
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
