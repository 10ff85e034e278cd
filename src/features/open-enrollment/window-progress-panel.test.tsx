import { axisClasses } from '@mui/x-charts/ChartsAxis';
import { chartsSurfaceClasses } from '@mui/x-charts/ChartsSurface';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WindowProgressPanel } from './window-progress-panel';

const progress = {
  window: {
    windowPK: 1,
    startsOn: '2026-11-01',
    endsOn: '2026-11-30',
    planYearBegin: '2027-01-01',
    unstartedChoice: 'rollover' as const,
    open: true,
    closing: false,
  },
  counts: { members: 1200, submitted: 700, waived: 45, inProgress: 120, notStarted: 380 },
  mustChoosePlans: [],
  closed: null,
};

/** jsdom lays nothing out: give the chart's surface the size of a phone's panel. */
function stubChartSize() {
  const original = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = original(element, pseudo);
    if (!element.classList.contains(chartsSurfaceClasses.root)) return style;
    return new Proxy(style, {
      get: (target, key) => {
        if (key === 'width') return '256px';
        if (key === 'height') return '200px';
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  });
}

const figure = () => screen.getByText('Members by status', { selector: 'figcaption' }).closest('figure')!;

afterEach(() => vi.restoreAllMocks());

describe('WindowProgressPanel', () => {
  it('keeps the numbers in its table, the chart above it out of screen readers’ way', () => {
    render(<WindowProgressPanel progress={progress} />);
    const table = within(figure()).getByRole('table', { name: 'Members by status' });
    for (const row of [
      'Submitted 700',
      'Of them, waived every coverage 45',
      'In progress (opened, not submitted) 120',
      'Not started (will roll over) 380',
      'Members 1,200',
    ]) {
      expect(within(table).getByRole('row', { name: row })).toBeInTheDocument();
    }
    // One table: no hidden copy of the same numbers, and nothing to show with "View data".
    expect(screen.getAllByRole('table', { hidden: true })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'View data' })).toBeNull();
    expect(figure().querySelector('[inert]')).not.toBeNull();
  });

  it('names every status bar and counts from zero', async () => {
    stubChartSize();
    render(<WindowProgressPanel progress={progress} />);
    await waitFor(() => expect(figure().querySelectorAll('text[data-category-label]')).toHaveLength(4));
    const names = [...figure().querySelectorAll('text[data-category-label]')].map((t) => t.textContent);
    expect(names).toEqual(['Submitted, not waived', 'Waived', 'In progress', 'Not started']);
    const ticks = [...figure().querySelectorAll(`.${axisClasses.directionX} .${axisClasses.tickLabel}`)];
    expect(ticks[0]).toHaveTextContent('0');
  });
});
