import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import type { censusSummary } from '../../contracts/census';
import { ChartFigure } from '../../components/charts/chart-figure';
import { categoryBarChart } from '../../components/charts/chart-options';
import { LazyChart } from '../../components/charts/lazy-charts';
import { isApiError } from '../../lib/api-client';
import { formatIsoDate } from '../../lib/calendar-date';
import { RetryAlert } from '../../components/ui/retry-alert';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function rangeText(startDate: string | null, endDate: string | null): string {
  if (startDate && startDate === endDate) return `on ${formatIsoDate(startDate)}`;
  if (startDate && endDate) return `from ${formatIsoDate(startDate)} to ${formatIsoDate(endDate)}`;
  if (startDate) return `from ${formatIsoDate(startDate)} on`;
  return `up to ${formatIsoDate(endDate)}`;
}

/** What the census for the range holds, loaded when the screen opens (counts only, no member data). */
export function CensusSummary({ summary }: { summary: UseQueryResult<z.output<typeof censusSummary>> }) {
  if (summary.isPending) return <Skeleton variant="text" width={420} aria-label="Loading the census summary" />;
  // A refused range is shown on the date field it names, by the screen.
  if (summary.isError && isApiError(summary.error) && summary.error.problem.errors) return null;
  if (summary.isError) {
    return (
      <RetryAlert
        title="The census summary could not be loaded"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  const { startDate, endDate, rowCount, subscriberCount, dependentCount } = summary.data;
  const chart = {
    labels: ['Rows', 'Subscribers', 'Dependents'],
    series: [{ label: 'Count', values: [rowCount, subscriberCount, dependentCount] }],
  };
  const spec = categoryBarChart(chart, { valueLabel: 'Count' });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
      <Typography role="status" aria-live="polite" aria-busy={summary.isFetching} sx={{ flex: '1 1 320px' }}>
        {rowCount === 0
          ? `No coverage in force ${rangeText(startDate, endDate)}.`
          : `Coverage in force ${rangeText(startDate, endDate)}: ${plural(rowCount, 'row', 'rows')} for ${plural(
              subscriberCount,
              'subscriber',
              'subscribers',
            )} and ${plural(dependentCount, 'dependent', 'dependents')}.`}
      </Typography>
      <Box sx={{ flex: '0 1 360px', minWidth: 280 }}>
        <ChartFigure
          title="Census summary"
          labelHeading="Counted"
          data={chart}
          height={spec.height}
          chart={<LazyChart spec={spec} />}
        />
      </Box>
    </Box>
  );
}
