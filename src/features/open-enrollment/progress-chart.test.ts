import type { XAxis } from '@mui/x-charts/models';
import { describe, expect, it } from 'vitest';
import { progressChart, progressChartData } from './progress-chart';

const counts = { members: 1200, submitted: 700, waived: 45, inProgress: 120, notStarted: 380 };
const tick = (axis: XAxis | undefined, value: number) =>
  (axis?.valueFormatter as ((v: number, c: { location: 'tick' }) => string) | undefined)?.(value, { location: 'tick' });

describe('progressChart', () => {
  it('splits the submitted into those who waived and the rest, so no member is drawn twice', () => {
    const data = progressChartData(counts);
    expect(data.labels).toEqual(['Submitted, not waived', 'Waived', 'In progress', 'Not started']);
    expect(data.series).toHaveLength(1);
    expect(data.series[0]?.values).toEqual([655, 45, 120, 380]);
  });

  it('draws one horizontal bar per status, each named above its bar, without a legend', () => {
    const spec = progressChart(counts);
    expect(spec.plot).toBe('bar');
    expect(spec.series.every((s) => 'layout' in s && s.layout === 'horizontal')).toBe(true);
    expect(spec.yAxis[0]).toMatchObject({
      scaleType: 'band',
      data: ['Submitted, not waived', 'Waived', 'In progress', 'Not started'],
    });
    expect(spec.labelsAboveBars).toBe(true);
    expect(spec.legend).toBe(false);
  });

  it('counts members on an axis from zero, in whole numbers with compact labels', () => {
    const x = progressChart(counts).xAxis[0];
    expect(x).toMatchObject({ scaleType: 'linear', min: 0, tickMinStep: 1, label: 'Members' });
    expect(tick(x, 1200)).toBe('1.2K');
    expect(tick(x, 0)).toBe('0');
  });

  it('keeps the axis at zero before anyone has started', () => {
    const spec = progressChart({ members: 0, submitted: 0, waived: 0, inProgress: 0, notStarted: 0 });
    expect(spec.xAxis[0]).toMatchObject({ min: 0 });
    expect(spec.series[0]?.data).toEqual([0, 0, 0, 0]);
  });
});
