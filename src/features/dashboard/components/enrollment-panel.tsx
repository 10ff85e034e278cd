import { useSuspenseQuery } from '@tanstack/react-query';
import { insightQueries } from '../../../api/insight-queries';
import { ChartFigure, PendingChartFigure } from '../../../components/charts/chart-figure';
import { categoryBarChart, categoryBarHeight } from '../../../components/charts/chart-options';
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

const MEDICAL_TITLE = 'Medical: subscribers by plan and tier';
const DENTAL_TITLE = 'Dental: subscribers by plan';

export function EnrollmentPanel() {
  return (
    <DashboardPanel
      title="Enrollment by plan"
      pending={
        <>
          {/* The plans are not known yet: room for three, medical's tiers in a legend. */}
          <PendingChartFigure title={MEDICAL_TITLE} height={categoryBarHeight(3, true)} />
          <PendingChartFigure title={DENTAL_TITLE} height={categoryBarHeight(2, false)} />
        </>
      }
    >
      <EnrollmentNumbers />
    </DashboardPanel>
  );
}

function EnrollmentNumbers() {
  const { data } = useSuspenseQuery(insightQueries.enrollment(useEmployerPK()));
  const medical = byPlanAndTier(data.medical);
  const dental = {
    labels: data.dental.map((r) => r.planName),
    series: [{ label: 'Subscribers', values: data.dental.map((r) => r.subscribers) }],
  };
  const medicalChart = categoryBarChart(medical, { valueLabel: 'Subscribers', stacked: true });
  const dentalChart = categoryBarChart(dental, { valueLabel: 'Subscribers' });
  return (
    <>
      <ChartFigure
        title={MEDICAL_TITLE}
        labelHeading="Plan"
        data={medical}
        height={medicalChart.height}
        chart={<LazyChart spec={medicalChart} />}
      />
      <ChartFigure
        title={DENTAL_TITLE}
        labelHeading="Plan"
        data={dental}
        height={dentalChart.height}
        chart={<LazyChart spec={dentalChart} />}
      />
    </>
  );
}
