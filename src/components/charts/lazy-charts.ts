import { lazy } from 'react';

// The charts library is large: it loads with the first chart on screen, never with the first load.
export const LazyBarChart = lazy(() => import('./bar-chart').then((m) => ({ default: m.SimpleBarChart })));
export const LazyLineChart = lazy(() => import('./line-chart').then((m) => ({ default: m.SimpleLineChart })));
