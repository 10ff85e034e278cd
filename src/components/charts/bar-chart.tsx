import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartFrame } from './chart-frame';
import type { ChartSpec } from './chart-options';

/** Bars drawn from their spec. Loaded on demand, apart from lines (./lazy-charts.ts). */
export function BarChart({ spec }: { spec: Extract<ChartSpec, { plot: 'bar' }> }) {
  return (
    <ChartFrame spec={spec}>
      <BarPlot />
    </ChartFrame>
  );
}
