import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ChartFigure } from '../../components/charts/chart-figure';
import { LazyChart } from '../../components/charts/lazy-charts';
import type { WindowProgress } from '../../contracts/open-enrollment';
import { dateToIso, formatIsoDate } from '../../lib/calendar-date';
import { progressChart } from './progress-chart';

const number = new Intl.NumberFormat('en-US');

function stateOf(window: NonNullable<WindowProgress['window']>) {
  if (window.closing) return 'Closing';
  if (window.open) return 'Open now';
  return window.startsOn > dateToIso(new Date()) ? 'Scheduled' : 'Ended, not closed yet';
}

/** The open window's dates and where the group's members stand in it. */
export function WindowProgressPanel({
  progress,
}: {
  progress: WindowProgress & { window: NonNullable<WindowProgress['window']> };
}) {
  const { window, counts, mustChoosePlans } = progress;
  const rows: [string, number][] = [
    ['Submitted', counts.submitted],
    ['Of them, waived every coverage', counts.waived],
    ['In progress (opened, not submitted)', counts.inProgress],
    [
      window.unstartedChoice === 'rollover' ? 'Not started (will roll over)' : 'Not started (will be waived)',
      counts.notStarted,
    ],
    ['Members', counts.members],
  ];
  const chart = progressChart(counts);
  return (
    <Paper component="section" aria-labelledby="window-progress-title" variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
      <Typography id="window-progress-title" variant="h6" component="h2">
        {stateOf(window)}: {formatIsoDate(window.startsOn)} to {formatIsoDate(window.endsOn)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Elections for the plan year starting {formatIsoDate(window.planYearBegin)}
      </Typography>
      {/* The table under the chart is its text alternative: screen readers read the numbers there. */}
      <ChartFigure title="Members by status" height={chart.height} chart={<LazyChart spec={chart} />}>
        <Table size="small" aria-label="Members by status" sx={{ mt: 1 }}>
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell align="right">{number.format(value)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ChartFigure>
      {mustChoosePlans.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          No successor next year, so their members must choose: {mustChoosePlans.join(', ')}.
        </Alert>
      )}
    </Paper>
  );
}
