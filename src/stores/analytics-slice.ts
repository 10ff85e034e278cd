import { useAppStore } from './app-store';

/** Whether the user opted out of page-view analytics. */
export function useAnalyticsOptOut(): boolean {
  return useAppStore((state) => state.analyticsOptOut);
}

export function setAnalyticsOptOut(optOut: boolean): void {
  useAppStore.getState().setAnalyticsOptOut(optOut);
}
