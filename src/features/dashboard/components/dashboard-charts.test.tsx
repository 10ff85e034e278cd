import { axisClasses } from '@mui/x-charts/ChartsAxis';
import { legendClasses } from '@mui/x-charts/ChartsLegend';
import { chartsSurfaceClasses } from '@mui/x-charts/ChartsSurface';
import { lineClasses } from '@mui/x-charts/LineChart';
import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { insightQueries } from '../../../api/insight-queries';
import type { ClaimsInsight, EnrollmentInsight, MembershipInsight, RequestsInsight } from '../../../contracts/insight';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES } from '../../../contracts/requests';
import { renderSignedIn, testQueryClient } from '../../../test/render-signed-in';
import { monthLabel } from '../lib/dashboard-panels';
import { ClaimsPanel } from './claims-panel';
import { EnrollmentPanel } from './enrollment-panel';
import { MembershipPanel } from './membership-panel';
import { RequestsPanel } from './requests-panel';

vi.mock('../../../hooks/use-session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../hooks/use-session')>()),
  useEmployerPK: () => 2,
}));

const MONTHS = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);
const TIERS = ['Employee Only', 'Employee + Spouse', 'Employee + Child(ren)', 'Family'];

/** The size a chart reads from its box: jsdom lays nothing out, so give it a narrow panel's. */
const PANEL = { width: '400px', height: '280px' };

function stubChartSize() {
  const original = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = original(element, pseudo);
    if (!element.classList.contains(chartsSurfaceClasses.root)) return style;
    return new Proxy(style, {
      get: (target, key) => {
        if (key === 'width' || key === 'height') return PANEL[key];
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  });
}

let queryClient = testQueryClient();
beforeEach(() => {
  queryClient = testQueryClient();
  stubChartSize();
  // jsdom has no scrolling; the router resets the scroll position on navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => vi.restoreAllMocks());

/**
 * Renders a panel and waits for its charts to draw. They load on demand and take turns, a frame apart,
 * so on a slow machine the second can come after waitFor's default second.
 */
async function renderPanel(panel: ReactNode, charts: number) {
  renderSignedIn(panel, { queryClient });
  await waitFor(() => expect(document.querySelectorAll('svg .' + axisClasses.root).length).toBe(charts * 2), {
    timeout: 5000,
  });
}

/** The text of each tick label of the figure's axes in one direction, lines joined by a space. */
function tickLabels(figure: Element, direction: 'x' | 'y') {
  const axis = direction === 'x' ? axisClasses.directionX : axisClasses.directionY;
  return [...figure.querySelectorAll(`.${axis} .${axisClasses.tickLabel}`)].map((text) =>
    [...text.querySelectorAll('tspan')].map((line) => line.textContent).join(' '),
  );
}

/** The category names written above horizontal bars, top to bottom. */
const categoryLabels = (figure: Element) =>
  [...figure.querySelectorAll('text[data-category-label]')].map((text) => text.textContent);

/** The figure whose caption is `title`. */
function figure(title: string | RegExp) {
  const caption = screen.getByText(title, { selector: 'figcaption' });
  return caption.closest('figure')!;
}

const legendItems = (fig: Element) =>
  [...fig.querySelectorAll(`.${legendClasses.root} .${legendClasses.label}`)].map((label) => label.textContent);

describe('Enrollment panel', () => {
  const data: EnrollmentInsight = {
    asOf: '2025-12-15',
    medical: ['Choice PPO 500', 'HDHP 3000 HSA', 'Select HMO 20'].flatMap((planName, p) =>
      TIERS.map((tierName, t) => ({ planName, tierName, subscribers: 10 * (p + 1) + t })),
    ),
    dental: [
      { planName: 'Dental Basic', tierName: null, subscribers: 40 },
      { planName: 'Dental Plus', tierName: null, subscribers: 25 },
    ],
  };

  it('names each tier of the stacked medical bars in a legend, and labels every plan', async () => {
    queryClient.setQueryData(insightQueries.enrollment(2).queryKey, data);
    await renderPanel(<EnrollmentPanel />, 2);
    const medical = figure('Medical: subscribers by plan and tier');
    expect(legendItems(medical)).toEqual(TIERS);
    // HTML inside the SVG would not be drawn by a browser.
    expect(medical.querySelector(`.${legendClasses.root}`)?.closest('svg')).toBeNull();
    expect(categoryLabels(medical)).toEqual(['Choice PPO 500', 'HDHP 3000 HSA', 'Select HMO 20']);
    expect(tickLabels(medical, 'x')[0]).toBe('0');
  });

  it('draws dental, a single series, without a legend but with a named value axis', async () => {
    queryClient.setQueryData(insightQueries.enrollment(2).queryKey, data);
    await renderPanel(<EnrollmentPanel />, 2);
    const dental = figure('Dental: subscribers by plan');
    expect(legendItems(dental)).toEqual([]);
    expect(categoryLabels(dental)).toEqual(['Dental Basic', 'Dental Plus']);
    expect(dental.querySelector(`.${axisClasses.directionX} .${axisClasses.label}`)).toHaveTextContent('Subscribers');
  });
});

describe('Claims panel', () => {
  it('labels the payments axis in compact dollars from $0, never cut short', async () => {
    const data: ClaimsInsight = {
      paidByMonth: MONTHS.map((month, i) => ({ month, claims: 100 + i, planPayment: 28_000 + 350 * i })),
      byStatus: [
        { status: 'Paid', claims: 1200, billedAmount: 500_000 },
        { status: 'In-Process', claims: 80, billedAmount: 30_000 },
      ],
    };
    queryClient.setQueryData(insightQueries.claims(2).queryKey, data);
    await renderPanel(<ClaimsPanel />, 2);
    const paid = figure('Claims paid per month, last 12 months');
    const values = tickLabels(paid, 'y');
    expect(values[0]).toBe('$0');
    expect(values.length).toBeGreaterThan(1);
    for (const label of values) expect(label).toMatch(/^\$\d+(\.\d)?[KM]?$/);
    expect(tickLabels(paid, 'x')).toEqual(MONTHS.map(monthLabel));

    const status = figure('Claims by status, served in the last 12 months');
    expect(categoryLabels(status)).toEqual(['Paid', 'In-Process']);
    expect(tickLabels(status, 'x')).toContain('1K');
  });
});

describe('Membership panel', () => {
  it('draws the trend with straight segments on an axis from zero', async () => {
    const counts = [176, 178, 178, 177, 180, 181, 181, 183, 182, 184, 185, 186];
    const data: MembershipInsight = {
      asOf: '2025-12-15',
      subscribers: 186,
      dependents: 240,
      trend: MONTHS.map((month, i) => ({ month, subscribers: counts[i]! })),
    };
    queryClient.setQueryData(insightQueries.membership(2).queryKey, data);
    await renderPanel(<MembershipPanel />, 1);
    const trend = figure(/^Subscribers enrolled, last 12 months/);
    expect(tickLabels(trend, 'y')[0]).toBe('0');
    expect(tickLabels(trend, 'x')).toHaveLength(12);
    const line = trend.querySelector(`path.${lineClasses.line}`);
    // Straight segments only (moves and lines): a smoothing curve would draw cubic Béziers (C).
    expect(line?.getAttribute('d')).toMatch(/^M[\d.,\s-]+(L[\d.,\s-]+)+$/);
    expect(legendItems(trend)).toEqual([]);
  });
});

describe('Requests panel', () => {
  it('labels every status bar, the fifth and beyond included', async () => {
    const data: RequestsInsight = {
      dateFrom: '2025-11-16',
      dateTo: '2025-12-15',
      byStatus: REQUEST_STATUSES.map((status, i) => ({ status, count: 40 - 4 * i })),
    };
    queryClient.setQueryData(insightQueries.requests(2).queryKey, data);
    await renderPanel(<RequestsPanel />, 1);
    const chart = figure(/^Requests by status/);
    const labels = categoryLabels(chart);
    expect(labels).toEqual(REQUEST_STATUSES.map((status) => REQUEST_STATUS_LABELS[status]));
    expect(labels.length).toBeGreaterThanOrEqual(5);
    // Each name sits just above its own bar, in order, none on top of another.
    const tops = [...chart.querySelectorAll('text[data-category-label]')].map((t) => Number(t.getAttribute('y')));
    expect(tops.every((y, i) => i === 0 || y > tops[i - 1]! + 12)).toBe(true);
    expect(tickLabels(chart, 'x')[0]).toBe('0');
  });
});
