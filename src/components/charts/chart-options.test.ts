import type { LineSeriesType, XAxis, YAxis } from '@mui/x-charts/models';
import { describe, expect, it } from 'vitest';
import {
  categoryBarChart,
  compactNumber,
  compactUsd,
  monthlyBarChart,
  monthlyLineChart,
  type ChartSpec,
} from './chart-options';

const MONTHS = ['Apr 2025', 'May 2025', 'Jun 2025', 'Jul 2025', 'Aug 2025', 'Sep 2025'];
const TIERS = ['Employee Only', 'Employee + Spouse', 'Employee + Child(ren)', 'Family'];

type Axis = XAxis | YAxis;
const tick = (axis: Axis | undefined, value: number) =>
  (axis?.valueFormatter as ((v: number, c: { location: 'tick' }) => string) | undefined)?.(value, { location: 'tick' });
const axisMin = (axis: Axis | undefined) => (axis as { min?: number } | undefined)?.min;
const legendNames = (spec: ChartSpec) => (spec.legend ? spec.series.map((s) => s.label) : []);

describe('compact tick labels', () => {
  it('shortens thousands and millions so value labels fit the axis', () => {
    expect(compactNumber(30000)).toBe('30K');
    expect(compactNumber(1250)).toBe('1.3K');
    expect(compactNumber(2_500_000)).toBe('2.5M');
    expect(compactNumber(176)).toBe('176');
    expect(compactNumber(0)).toBe('0');
    expect(compactUsd(30000)).toBe('$30K');
    expect(compactUsd(0)).toBe('$0');
  });
});

describe('monthlyLineChart', () => {
  const spec = monthlyLineChart(
    { labels: MONTHS, series: [{ label: 'Subscribers enrolled', values: [176, 178, 177, 180, 181, 183] }] },
    { valueLabel: 'Subscribers' },
  );

  it('draws straight segments between months, never a smoothing curve that overshoots', () => {
    expect(spec.plot).toBe('line');
    for (const s of spec.series as LineSeriesType[]) {
      expect(s.curve).toBe('linear');
    }
  });

  it('starts the count axis at zero and names what it counts', () => {
    expect(axisMin(spec.yAxis[0])).toBe(0);
    expect(spec.yAxis[0]?.label).toBe('Subscribers');
    expect(spec.yAxis[0]?.width).toBe('auto');
  });

  it('labels every month: no label is dropped for lack of room', () => {
    const x = spec.xAxis[0]!;
    expect(x.data).toEqual(MONTHS);
    const interval = x.tickLabelInterval;
    expect(typeof interval).toBe('function');
    MONTHS.forEach((month, i) => expect((interval as (v: unknown, i: number) => boolean)(month, i)).toBe(true));
    expect(x.tickLabelStyle?.angle).toBe(-45);
    expect(x.height).toBe('auto');
  });

  it('has no legend for its single series', () => {
    expect(spec.legend).toBe(false);
  });
});

describe('monthlyBarChart', () => {
  const spec = monthlyBarChart(
    { labels: MONTHS, series: [{ label: 'Plan payments', values: [30000, 31000, 29000, 0, 12000, 30500] }] },
    { valueLabel: 'Plan payments (USD)', format: compactUsd, wholeNumbers: false },
  );

  it('gives the value axis compact dollar labels and room to show them whole', () => {
    const y = spec.yAxis[0];
    expect(tick(y, 30000)).toBe('$30K');
    expect(tick(y, 0)).toBe('$0');
    expect(y?.width).toBe('auto');
    expect(axisMin(y)).toBe(0);
  });

  it('lets the axis go below zero only to show a negative month (a refund)', () => {
    const refunds = monthlyBarChart(
      { labels: MONTHS.slice(0, 2), series: [{ label: 'Plan payments', values: [-500, 1000] }] },
      { valueLabel: 'Plan payments (USD)', format: compactUsd, wholeNumbers: false },
    );
    expect(axisMin(refunds.yAxis[0])).toBe(-500);
  });
});

describe('categoryBarChart', () => {
  const medical = categoryBarChart(
    {
      labels: ['Choice PPO 500', 'HDHP 3000 HSA'],
      series: TIERS.map((tier, i) => ({ label: tier, values: [10 + i, 5 + i] })),
    },
    { valueLabel: 'Subscribers', stacked: true },
  );

  it('has a legend naming each tier of stacked bars', () => {
    expect(medical.legend).toBe(true);
    expect(legendNames(medical)).toEqual(TIERS);
    expect(medical.series.every((s) => 'stack' in s && s.stack === 'total')).toBe(true);
  });

  it('lays categories out as rows, each named above its bar, and counts from zero with whole ticks', () => {
    expect(medical.series.every((s) => 'layout' in s && s.layout === 'horizontal')).toBe(true);
    expect(medical.yAxis[0]).toMatchObject({ scaleType: 'band', data: ['Choice PPO 500', 'HDHP 3000 HSA'] });
    expect(medical.labelsAboveBars).toBe(true);
    expect(axisMin(medical.xAxis[0])).toBe(0);
    expect(medical.xAxis[0]).toMatchObject({ tickMinStep: 1, label: 'Subscribers' });
    expect(tick(medical.xAxis[0], 30000)).toBe('30K');
  });

  it('gives every request status a row, so the fifth and later bars are labelled too', () => {
    const statuses = [
      'Submitted',
      'HR Approved',
      'HEZ Approved',
      'Incomplete',
      'Pushed To Remote',
      'Cancelled',
      'HR Rejected',
      'HEZ Rejected',
    ];
    const spec = categoryBarChart(
      { labels: statuses, series: [{ label: 'Requests', values: statuses.map((_, i) => 8 - i) }] },
      { valueLabel: 'Requests' },
    );
    expect(spec.yAxis[0]?.data).toEqual(statuses);
    expect(spec.labelsAboveBars).toBe(true);
    expect(spec.legend).toBe(false);
    // Taller with more rows, so that rows never get squeezed below a label's height.
    const fewer = categoryBarChart(
      { labels: statuses.slice(0, 2), series: [{ label: 'Requests', values: [2, 1] }] },
      { valueLabel: 'Requests' },
    );
    expect(spec.height - fewer.height).toBeGreaterThanOrEqual(6 * 40);
  });
});
