import { describe, expect, it } from 'vitest';
import { isSignOutFromOtherTab, parseLogoutSearch } from './logout-search';

describe('parseLogoutSearch', () => {
  it('keeps a known reason, a same-origin path and the other-tab flag', () => {
    expect(parseLogoutSearch({ reason: 'inactivity', returnTo: '/claim-search?page=2', fromOtherTab: true })).toEqual({
      reason: 'inactivity',
      returnTo: '/claim-search?page=2',
      fromOtherTab: true,
    });
  });

  it('drops what it does not know, and paths to other origins', () => {
    expect(parseLogoutSearch({ reason: 'x', returnTo: '//evil.example/', fromOtherTab: 'yes' })).toEqual({});
    expect(parseLogoutSearch({ returnTo: 'https://evil.example/' })).toEqual({});
  });
});

describe('isSignOutFromOtherTab', () => {
  it('is the logout a tab is sent to when another tab signed out, and nothing else', () => {
    expect(isSignOutFromOtherTab('/logout', { reason: 'user', fromOtherTab: true })).toBe(true);
    expect(isSignOutFromOtherTab('/logout', { reason: 'inactivity' })).toBe(false);
    expect(isSignOutFromOtherTab('/logout', {})).toBe(false);
    expect(isSignOutFromOtherTab('/claim-search', { fromOtherTab: true })).toBe(false);
  });
});
