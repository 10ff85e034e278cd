import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import { ChartFrame } from './chart-frame';
import type { ChartSpec } from './chart-options';

/** Lines drawn from their spec, a mark on each point. Loaded on demand, apart from bars (./lazy-charts.ts). */
export function LineChart({ spec }: { spec: Extract<ChartSpec, { plot: 'line' }> }) {
  return (
    <ChartFrame spec={spec}>
      <LinePlot />
      <MarkPlot />
    </ChartFrame>
  );
}
