import { useSuspenseQuery } from '@tanstack/react-query';
import { insightQueries } from '../../../api/insight-queries';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { categoryBarChart } from '../../../components/charts/chart-options';
import { LazyChart } from '../../../components/charts/lazy-charts';
import type { PlanCount } from '../../../contracts/insight';
import { useEmployerPK } from '../../../hooks/use-session';
import { DashboardPanel } from './dashboard-panel';

/** Medical as one series per tier over the plans (stacked); dental as one series over its plans. */
function byPlanAndTier(rows: PlanCount[]) {
  const plans = [...new Set(rows.map((r) => r.planName))];
  const tiers = [...new Set(rows.map((r) => r.tierName ?? 'All tiers'))];
  return {
    labels: plans,
    series: tiers.map((tier) => ({
      label: tier,
      values: plans.map(
        (plan) => rows.find((r) => r.planName === plan && (r.tierName ?? 'All tiers') === tier)?.subscribers ?? 0,
      ),
    })),
  };
}

export function EnrollmentPanel() {
  const { data } = useSuspenseQuery(insightQueries.enrollment(useEmployerPK()));
  const medical = byPlanAndTier(data.medical);
  const dental = {
    labels: data.dental.map((r) => r.planName),
    series: [{ label: 'Subscribers', values: data.dental.map((r) => r.subscribers) }],
  };
  const medicalChart = categoryBarChart(medical, { valueLabel: 'Subscribers', stacked: true });
  const dentalChart = categoryBarChart(dental, { valueLabel: 'Subscribers' });
  return (
    <DashboardPanel title="Enrollment by plan">
      <ChartFigure
        title="Medical: subscribers by plan and tier"
        labelHeading="Plan"
        data={medical}
        height={medicalChart.height}
        chart={<LazyChart spec={medicalChart} />}
      />
      <ChartFigure
        title="Dental: subscribers by plan"
        labelHeading="Plan"
        data={dental}
        height={dentalChart.height}
        chart={<LazyChart spec={dentalChart} />}
      />
    </DashboardPanel>
  );
}
