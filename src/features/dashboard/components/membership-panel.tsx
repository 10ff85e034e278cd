import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { insightQueries } from '../../../api/insight-queries';
import { ChartFigure, PendingChartFigure } from '../../../components/charts/chart-figure';
import { monthlyChartHeight, monthlyLineChart } from '../../../components/charts/chart-options';
import { LazyChart } from '../../../components/charts/lazy-charts';
import { useEmployerPK } from '../../../hooks/use-session';
import { formatIsoDate } from '../../../lib/calendar-date';
import { monthLabel } from '../lib/dashboard-panels';
import { DashboardPanel, Figure, PendingFigure } from './dashboard-panel';

const TREND_TITLE = 'Subscribers enrolled, last 12 months';

export function MembershipPanel() {
  return (
    <DashboardPanel
      title="Members"
      pending={
        <>
          <Box sx={{ display: 'flex', gap: 4 }}>
            <PendingFigure label="Subscribers" />
            <PendingFigure label="Dependents" />
          </Box>
          <Typography variant="body2" color="text.secondary">
            <Skeleton width="10em" />
          </Typography>
          <PendingChartFigure title={TREND_TITLE} height={monthlyChartHeight(false)} />
        </>
      }
    >
      <MembershipNumbers />
    </DashboardPanel>
  );
}

function MembershipNumbers() {
  const { data } = useSuspenseQuery(insightQueries.membership(useEmployerPK()));
  const chart = {
    labels: data.trend.map((p) => monthLabel(p.month)),
    series: [{ label: 'Subscribers enrolled', values: data.trend.map((p) => p.subscribers) }],
  };
  const trendChart = monthlyLineChart(chart, { valueLabel: 'Subscribers' });
  return (
    <>
      <Box sx={{ display: 'flex', gap: 4 }}>
        <Figure label="Subscribers" value={data.subscribers.toLocaleString('en-US')} />
        <Figure label="Dependents" value={data.dependents.toLocaleString('en-US')} />
      </Box>
      {/* The date on its own line: the trend's caption is the same text before and after the numbers come. */}
      <Typography variant="body2" color="text.secondary">
        As of {formatIsoDate(data.asOf)}
      </Typography>
      <ChartFigure
        title={TREND_TITLE}
        labelHeading="Month"
        data={chart}
        height={trendChart.height}
        chart={<LazyChart spec={trendChart} />}
      />
    </>
  );
}
