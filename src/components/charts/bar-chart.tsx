import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsContainer } from '@mui/x-charts/ChartsContainer';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import type { ChartData } from './chart-series';

type SimpleBarChartProps = ChartData & { height?: number; stacked?: boolean };

/**
 * A bar per label (grouped or stacked by series), composed of the plot, axes and legend only: the
 * numbers are in the figure's table, so no tooltip (and its popper) is loaded. Loaded on demand.
 */
export function SimpleBarChart({ labels, series, height = 240, stacked = false }: SimpleBarChartProps) {
  return (
    <ChartsContainer
      height={height}
      xAxis={[{ scaleType: 'band', data: labels }]}
      series={series.map((s) => ({
        type: 'bar',
        data: s.values,
        label: s.label,
        ...(stacked ? { stack: 'total' } : {}),
      }))}
      skipAnimation
    >
      <BarPlot />
      <ChartsXAxis />
      <ChartsYAxis />
      {series.length > 1 && <ChartsLegend />}
    </ChartsContainer>
  );
}
