import type { BarSeriesType, LineSeriesType, XAxis, YAxis } from '@mui/x-charts/models';
import type { ChartData } from './chart-series';

/**
 * How a chart is drawn, as plain data for the chart components (./lazy-charts.ts). The builders
 * below are the only way to make one, so every chart of the app reads the same: value axes from zero
 * with compact tick labels sized to fit, every category labelled, straight lines between months and a
 * legend whenever there is more than one series.
 */
export type ChartSpec = {
  /** Height of the whole figure (legend included), in px. */
  height: number;
  /** A legend names each series; a lone series is named by the value axis label instead. */
  legend: boolean;
  xAxis: XAxis[];
  yAxis: YAxis[];
  /** Space around the plot and axes; the library's default when absent. */
  margin?: { top: number; bottom: number };
  /** Each category's name is written above its bar (horizontal bars), not beside it on the axis. */
  labelsAboveBars?: boolean;
} & ({ plot: 'bar'; series: BarSeriesType[] } | { plot: 'line'; series: LineSeriesType[] });

type ValueOptions = {
  /** What the values measure, shown along the value axis ("Subscribers", "Plan payments (USD)"). */
  valueLabel: string;
  /** Tick label format; compact by default so that labels stay short ("30K"). */
  format?: (value: number) => string;
  /** Counts: ticks only at whole numbers. */
  wholeNumbers?: boolean;
};

const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const COMPACT_USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** 30000 → "30K", 1250 → "1.3K", 176 → "176". */
export const compactNumber = (value: number) => COMPACT.format(value);
/** 30000 → "$30K". */
export const compactUsd = (value: number) => COMPACT_USD.format(value);

/**
 * A horizontal bar's row: its name above (a 12 px line) in the gap between bars, the bar below. The
 * gap is this share of the row; the first row's name also uses the top margin.
 */
const ROW = 44;
const ROW_GAP_RATIO = 0.45;
/** The value axis under horizontal bars, with its label (the library's 25 px axis and 20 px label). */
const VALUE_AXIS_HEIGHT = 45;
/** Above and below horizontal bars: the rows take the height, not the default 20 px margins. */
const ROWS_MARGIN = { top: 10, bottom: 8 };
/** Room for a legend above the plot, which may wrap onto a second line. */
const LEGEND_HEIGHT = 56;
/** Charts over the months: the month labels are slanted, so they take some height. */
const MONTHLY_HEIGHT = 280;
/** The value axis: from zero (lower only to show a negative value), with labels short enough to fit. */
function valueAxis(lowest: number, { valueLabel, format = compactNumber, wholeNumbers = true }: ValueOptions) {
  return {
    scaleType: 'linear' as const,
    label: valueLabel,
    min: Math.min(0, lowest),
    valueFormatter: (value: number) => format(value),
    ...(wholeNumbers ? { tickMinStep: 1 } : {}),
  };
}

const lowestValue = (data: ChartData) => Math.min(0, ...data.series.flatMap((s) => s.values));

/** Month labels slanted so that all twelve fit a narrow panel; none is skipped for lack of room. */
function monthAxis(labels: string[], scaleType: 'band' | 'point'): XAxis {
  return {
    scaleType,
    data: labels,
    height: 'auto',
    tickLabelStyle: { angle: -45, textAnchor: 'end' },
    tickLabelInterval: () => true,
  };
}

/** The height of horizontal bars over `categories` rows: also the room kept for them while they load. */
export function categoryBarHeight(categories: number, legend: boolean): number {
  return (
    Math.max(1, categories) * ROW +
    VALUE_AXIS_HEIGHT +
    ROWS_MARGIN.top +
    ROWS_MARGIN.bottom +
    (legend ? LEGEND_HEIGHT : 0)
  );
}

/** The height of a chart over the months. */
export function monthlyChartHeight(legend: boolean): number {
  return MONTHLY_HEIGHT + (legend ? LEGEND_HEIGHT : 0);
}

/** Bars over the months (time runs left to right), one colour per series. */
export function monthlyBarChart(data: ChartData, options: ValueOptions): ChartSpec {
  const legend = data.series.length > 1;
  return {
    plot: 'bar',
    height: monthlyChartHeight(legend),
    legend,
    xAxis: [monthAxis(data.labels, 'band')],
    yAxis: [{ ...valueAxis(lowestValue(data), options), width: 'auto' }],
    series: data.series.map((s) => ({ type: 'bar', label: s.label, data: s.values })),
  };
}

/**
 * Horizontal bars, one row per category with its whole name written above the bar: however many
 * categories and however long their names, none is skipped or cut, and a long name takes no width
 * from the bars. (On the axis, a name as wide as the panel would squeeze the bars away, and the
 * library ellipsizes a name it finds too wide.) Stacked series (parts of one whole) share a row.
 */
export function categoryBarChart(data: ChartData, options: ValueOptions & { stacked?: boolean }): ChartSpec {
  const legend = data.series.length > 1;
  // Stacked negatives add up below zero.
  const lowest = options.stacked
    ? Math.min(0, ...data.labels.map((_, i) => data.series.reduce((sum, s) => sum + Math.min(0, s.values[i] ?? 0), 0)))
    : lowestValue(data);
  return {
    plot: 'bar',
    height: categoryBarHeight(data.labels.length, legend),
    legend,
    margin: ROWS_MARGIN,
    labelsAboveBars: true,
    xAxis: [valueAxis(lowest, options)],
    // The axis keeps its line at zero; the names are drawn above the bars instead of as its tick labels.
    yAxis: [
      {
        scaleType: 'band',
        data: data.labels,
        categoryGapRatio: ROW_GAP_RATIO,
        width: 0,
        disableTicks: true,
        tickLabelInterval: () => false,
      },
    ],
    series: data.series.map((s) => ({
      type: 'bar',
      layout: 'horizontal',
      label: s.label,
      data: s.values,
      ...(options.stacked ? { stack: 'total' } : {}),
    })),
  };
}

/**
 * A line over the months. Straight segments: a month-end count says nothing about the days between,
 * and a smoothing curve would draw dips and peaks that are not in the data.
 */
export function monthlyLineChart(data: ChartData, options: ValueOptions): ChartSpec {
  const legend = data.series.length > 1;
  return {
    plot: 'line',
    height: monthlyChartHeight(legend),
    legend,
    xAxis: [monthAxis(data.labels, 'point')],
    yAxis: [{ ...valueAxis(lowestValue(data), options), width: 'auto' }],
    // Marks show where the months' figures are; the segments only join them.
    series: data.series.map((s) => ({ type: 'line', label: s.label, data: s.values, curve: 'linear', showMark: true })),
  };
}
