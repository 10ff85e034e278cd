import { ChartsContainer } from '@mui/x-charts/ChartsContainer';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import type { ChartData } from './chart-series';

/** A line per series over the labels (months), with the plot and axes only. Loaded on demand. */
export function SimpleLineChart({ labels, series, height = 240 }: ChartData & { height?: number }) {
  return (
    <ChartsContainer
      height={height}
      xAxis={[{ scaleType: 'point', data: labels }]}
      series={series.map((s) => ({ type: 'line', data: s.values, label: s.label }))}
      skipAnimation
    >
      <LinePlot />
      <MarkPlot />
      <ChartsXAxis />
      <ChartsYAxis />
    </ChartsContainer>
  );
}
