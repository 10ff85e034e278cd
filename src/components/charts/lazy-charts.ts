import { createElement, lazy } from 'react';
import { afterNextPaint } from '../../lib/after-next-paint';
import type { ChartSpec } from './chart-options';

/**
 * The charts library is large: it loads with the first chart on screen, never with the first load,
 * and only once the frame that first shows the chart's place is painted, so that the screen's text
 * (a dashboard's titles and figures) is on screen before this code is even asked for.
 */
const afterPaint = () => new Promise<void>((resolve) => afterNextPaint(resolve));

// Bars and lines are loaded apart, so that the part they share stays one chunk within the size budget.
const LazyBarChart = lazy(() =>
  afterPaint()
    .then(() => import('./bar-chart'))
    .then((m) => ({ default: m.BarChart })),
);
const LazyLineChart = lazy(() =>
  afterPaint()
    .then(() => import('./line-chart'))
    .then((m) => ({ default: m.LineChart })),
);

/** The chart its spec describes, loaded on demand: render it under a Suspense (ChartFigure has one). */
export function LazyChart({ spec }: { spec: ChartSpec }) {
  return spec.plot === 'bar' ? createElement(LazyBarChart, { spec }) : createElement(LazyLineChart, { spec });
}
