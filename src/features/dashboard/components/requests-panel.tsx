import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { insightQueries } from '../../../api/insight-queries';
import { ChartFigure, PendingChartFigure } from '../../../components/charts/chart-figure';
import { categoryBarChart, categoryBarHeight } from '../../../components/charts/chart-options';
import { LazyChart } from '../../../components/charts/lazy-charts';
import { REQUEST_STATUS_LABELS } from '../../../contracts/requests';
import { useEmployerPK } from '../../../hooks/use-session';
import { formatIsoDate } from '../../../lib/calendar-date';
import { DashboardPanel, PendingLines } from './dashboard-panel';

export function RequestsPanel() {
  return (
    <DashboardPanel
      title="Requests, last 30 days"
      pending={
        <>
          <PendingLines lines={3} variant="body2" />
          <PendingChartFigure title="Requests by status" height={categoryBarHeight(3, false)} />
        </>
      }
    >
      <RequestsNumbers />
    </DashboardPanel>
  );
}

function RequestsNumbers() {
  const { data } = useSuspenseQuery(insightQueries.requests(useEmployerPK()));
  const chart = {
    labels: data.byStatus.map((r) => REQUEST_STATUS_LABELS[r.status]),
    series: [{ label: 'Requests', values: data.byStatus.map((r) => r.count) }],
  };
  const statusChart = categoryBarChart(chart, { valueLabel: 'Requests' });
  const range = `${formatIsoDate(data.dateFrom)} to ${formatIsoDate(data.dateTo)}`;
  if (data.byStatus.length === 0) return <Typography>No requests from {range}.</Typography>;
  return (
    <>
      <List dense aria-label="Requests by status">
        {data.byStatus.map((row) => (
          <ListItem key={row.status} disableGutters>
            {/* The manager opens filtered to the status and the same days. */}
            <Link
              to="/enrollment-manager"
              search={{ status: row.status, dateFrom: data.dateFrom, dateTo: data.dateTo }}
            >
              {REQUEST_STATUS_LABELS[row.status]}
            </Link>
            : {row.count.toLocaleString('en-US')}
          </ListItem>
        ))}
      </List>
      <ChartFigure
        title={`Requests by status, ${range}`}
        labelHeading="Status"
        data={chart}
        height={statusChart.height}
        chart={<LazyChart spec={statusChart} />}
      />
    </>
  );
}
