import { useSuspenseQuery } from '@tanstack/react-query';
import { insightQueries } from '../../../api/insight-queries';
import { ChartFigure, PendingChartFigure } from '../../../components/charts/chart-figure';
import {
  categoryBarChart,
  categoryBarHeight,
  compactUsd,
  monthlyBarChart,
  monthlyChartHeight,
} from '../../../components/charts/chart-options';
import { LazyChart } from '../../../components/charts/lazy-charts';
import { useEmployerPK } from '../../../hooks/use-session';
import { formatUsd } from '../../../lib/format-currency';
import { monthLabel } from '../lib/dashboard-panels';
import { DashboardPanel } from './dashboard-panel';

const PAID_TITLE = 'Claims paid per month, last 12 months';
const STATUS_TITLE = 'Claims by status, served in the last 12 months';

export function ClaimsPanel() {
  return (
    <DashboardPanel
      title="Claims"
      pending={
        <>
          <PendingChartFigure title={PAID_TITLE} height={monthlyChartHeight(false)} />
          <PendingChartFigure title={STATUS_TITLE} height={categoryBarHeight(3, false)} />
        </>
      }
    >
      <ClaimsNumbers />
    </DashboardPanel>
  );
}

function ClaimsNumbers() {
  const { data } = useSuspenseQuery(insightQueries.claims(useEmployerPK()));
  const paid = {
    labels: data.paidByMonth.map((m) => monthLabel(m.month)),
    series: [{ label: 'Plan payments', values: data.paidByMonth.map((m) => m.planPayment), format: formatUsd }],
  };
  const status = {
    labels: data.byStatus.map((s) => s.status),
    series: [{ label: 'Claims', values: data.byStatus.map((s) => s.claims) }],
  };
  const paidChart = monthlyBarChart(paid, {
    valueLabel: 'Plan payments (USD)',
    format: compactUsd,
    wholeNumbers: false,
  });
  const statusChart = categoryBarChart(status, { valueLabel: 'Claims' });
  return (
    <>
      <ChartFigure
        title={PAID_TITLE}
        labelHeading="Month"
        data={paid}
        height={paidChart.height}
        chart={<LazyChart spec={paidChart} />}
      />
      <ChartFigure
        title={STATUS_TITLE}
        labelHeading="Status"
        data={status}
        height={statusChart.height}
        chart={<LazyChart spec={statusChart} />}
      />
    </>
  );
}
