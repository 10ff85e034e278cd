import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import type { DashboardChartSpec } from '../lib/chart-options';

const LEGEND_POSITION = { vertical: 'top', horizontal: 'start' } as const;

/**
 * A Home chart drawn from its spec: plot, axes and the legend only (the figure's table has the
 * numbers, so no tooltip). The legend is HTML, so it sits beside the SVG surface, not inside it.
 * Without a height of its own it fills the figure's box. Loaded on demand.
 */
export function DashboardChart({ spec }: { spec: DashboardChartSpec }) {
  return (
    <ChartsDataProvider xAxis={spec.xAxis} yAxis={spec.yAxis} series={spec.series} skipAnimation>
      <ChartsWrapper legendPosition={LEGEND_POSITION} hideLegend={!spec.legend}>
        {spec.legend && <ChartsLegend />}
        <ChartsSurface>
          {spec.plot === 'bar' ? (
            <BarPlot />
          ) : (
            <>
              <LinePlot />
              <MarkPlot />
            </>
          )}
          <ChartsXAxis />
          <ChartsYAxis />
        </ChartsSurface>
      </ChartsWrapper>
    </ChartsDataProvider>
  );
}
