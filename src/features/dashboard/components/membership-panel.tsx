import Box from '@mui/material/Box';
import { useSuspenseQuery } from '@tanstack/react-query';
import { insightQueries } from '../../../api/insight-queries';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { monthlyLineChart } from '../../../components/charts/chart-options';
import { LazyChart } from '../../../components/charts/lazy-charts';
import { useEmployerPK } from '../../../hooks/use-session';
import { formatIsoDate } from '../../../lib/calendar-date';
import { monthLabel } from '../lib/dashboard-panels';
import { DashboardPanel, Figure } from './dashboard-panel';

export function MembershipPanel() {
  const { data } = useSuspenseQuery(insightQueries.membership(useEmployerPK()));
  const chart = {
    labels: data.trend.map((p) => monthLabel(p.month)),
    series: [{ label: 'Subscribers enrolled', values: data.trend.map((p) => p.subscribers) }],
  };
  const trendChart = monthlyLineChart(chart, { valueLabel: 'Subscribers' });
  return (
    <DashboardPanel title="Members">
      <Box sx={{ display: 'flex', gap: 4 }}>
        <Figure label="Subscribers" value={data.subscribers.toLocaleString('en-US')} />
        <Figure label="Dependents" value={data.dependents.toLocaleString('en-US')} />
      </Box>
      <ChartFigure
        title={`Subscribers enrolled, last 12 months (to ${formatIsoDate(data.asOf)})`}
        labelHeading="Month"
        data={chart}
        height={trendChart.height}
        chart={<LazyChart spec={trendChart} />}
      />
    </DashboardPanel>
  );
}
