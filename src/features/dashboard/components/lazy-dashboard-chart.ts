import { lazy } from 'react';

// The charts library loads with the first chart on screen, never with the first load.
export const LazyDashboardChart = lazy(() => import('./dashboard-chart').then((m) => ({ default: m.DashboardChart })));
