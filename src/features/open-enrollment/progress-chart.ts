import { categoryBarChart, type ChartSpec } from '../../components/charts/chart-options';
import type { ChartData } from '../../components/charts/chart-series';
import type { WindowProgress } from '../../contracts/open-enrollment';

/**
 * Members by where they stand in the window. Waivers are counted among the submitted, so the
 * submitted are split into two bars of their own: no member is drawn twice. In progress: opened their
 * enrollment screen, not submitted yet.
 */
export function progressChartData(counts: WindowProgress['counts']): ChartData {
  return {
    labels: ['Submitted, not waived', 'Waived', 'In progress', 'Not started'],
    series: [
      {
        label: 'Members',
        values: [Math.max(0, counts.submitted - counts.waived), counts.waived, counts.inProgress, counts.notStarted],
      },
    ],
  };
}

/** Horizontal bars, each named above its bar, on a count axis from zero with compact ticks. */
export const progressChart = (counts: WindowProgress['counts']): ChartSpec =>
  categoryBarChart(progressChartData(counts), { valueLabel: 'Members' });
