import { createElement, lazy } from 'react';
import type { ChartSpec } from './chart-options';

/*
 * The charts library is large: it loads with the first chart drawn, never with the first load. A
 * ChartFigure draws its chart only once its place is painted (chart-turns.ts), so the screen's text
 * (a dashboard's titles and figures) is on screen before this code is even asked for.
 * Bars and lines are loaded apart, so that the part they share stays one chunk within the size budget.
 */
const LazyBarChart = lazy(() => import('./bar-chart').then((m) => ({ default: m.BarChart })));
const LazyLineChart = lazy(() => import('./line-chart').then((m) => ({ default: m.LineChart })));

/** The chart its spec describes, loaded on demand: render it under a Suspense (ChartFigure has one). */
export function LazyChart({ spec }: { spec: ChartSpec }) {
  return spec.plot === 'bar' ? createElement(LazyBarChart, { spec }) : createElement(LazyLineChart, { spec });
}
