import { axisClasses } from '@mui/x-charts/ChartsAxis';
import { chartsSurfaceClasses } from '@mui/x-charts/ChartsSurface';
import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { censusSummary } from '../../contracts/census';
import { CensusSummary } from './census-summary';

type Summary = UseQueryResult<z.output<typeof censusSummary>>;

/** jsdom lays nothing out: give the chart's surface a size. */
function stubChartSize() {
  const original = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = original(element, pseudo);
    if (!element.classList.contains(chartsSurfaceClasses.root)) return style;
    return new Proxy(style, {
      get: (target, key) => {
        if (key === 'width') return '300px';
        if (key === 'height') return '200px';
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  });
}

afterEach(() => vi.restoreAllMocks());

describe('CensusSummary', () => {
  it('draws the counts as named bars on an axis from zero, with the numbers in a table', async () => {
    stubChartSize();
    const summary = {
      isPending: false,
      isError: false,
      isFetching: false,
      data: {
        startDate: '2026-01-01',
        endDate: '2026-01-01',
        rowCount: 2400,
        subscriberCount: 900,
        dependentCount: 1100,
      },
    } as Summary;
    render(<CensusSummary summary={summary} />);
    const figure = screen.getByText('Census summary', { selector: 'figcaption' }).closest('figure')!;
    await waitFor(() => expect(figure.querySelectorAll('text[data-category-label]')).toHaveLength(3));
    const names = [...figure.querySelectorAll('text[data-category-label]')].map((t) => t.textContent);
    expect(names).toEqual(['Rows', 'Subscribers', 'Dependents']);
    const ticks = [...figure.querySelectorAll(`.${axisClasses.directionX} .${axisClasses.tickLabel}`)];
    expect(ticks[0]).toHaveTextContent('0');
    // Compact: "2K", never "2,000".
    expect(ticks.map((t) => t.textContent).some((t) => /^\d+(\.\d)?K$/.test(t ?? ''))).toBe(true);
    // A lone series has no legend: the value axis label names what is counted.
    expect(figure.querySelector(`.${axisClasses.directionX} .${axisClasses.label}`)).toHaveTextContent('Count');
    const table = within(figure).getByRole('table', { name: 'Census summary', hidden: true });
    expect(within(table).getByRole('cell', { name: '2,400', hidden: true })).toBeInTheDocument();
  });
});
