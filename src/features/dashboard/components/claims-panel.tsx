import { useSuspenseQuery } from '@tanstack/react-query';
import { insightQueries } from '../../../api/insight-queries';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { LazyBarChart } from '../../../components/charts/lazy-charts';
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
  return (
    <DashboardPanel title="Claims">
      <ChartFigure
        title="Claims paid per month, last 12 months"
        labelHeading="Month"
        data={paid}
        chart={<LazyBarChart {...paid} />}
      />
      <ChartFigure
        title="Claims by status, served in the last 12 months"
        labelHeading="Status"
        data={status}
        height={180}
        chart={<LazyBarChart {...status} height={180} />}
      />
    </DashboardPanel>
  );
}
