import { useSuspenseQuery } from '@tanstack/react-query';
import { insightQueries } from '../../../api/insight-queries';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { categoryBarChart, compactUsd, monthlyBarChart } from '../../../components/charts/chart-options';
import { LazyChart } from '../../../components/charts/lazy-charts';
import { useEmployerPK } from '../../../hooks/use-session';
import { formatUsd } from '../../../lib/format-currency';
import { monthLabel } from '../lib/dashboard-panels';
import { DashboardPanel } from './dashboard-panel';

export function ClaimsPanel() {
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
    <DashboardPanel title="Claims">
      <ChartFigure
        title="Claims paid per month, last 12 months"
        labelHeading="Month"
        data={paid}
        height={paidChart.height}
        chart={<LazyChart spec={paidChart} />}
      />
      <ChartFigure
        title="Claims by status, served in the last 12 months"
        labelHeading="Status"
        data={status}
        height={statusChart.height}
        chart={<LazyChart spec={statusChart} />}
      />
    </DashboardPanel>
  );
}
