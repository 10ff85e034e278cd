import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { VisuallyHidden } from '../ui/visually-hidden';
import type { ChartData } from './chart-series';
import { useChartTurn } from './chart-turns';

type TableProps = {
  title: string;
  /** Heading of the table's label column ("Month", "Plan"…). */
  labelHeading: string;
  data: ChartData;
};

type ChartFigureProps = {
  title: string;
  /** The drawn chart; its picture is hidden from screen readers, which read the numbers instead. */
  chart: ReactNode;
  height?: number;
} & (
  | (TableProps & { children?: never })
  | {
      /**
       * The numbers, shown under the chart by the screen itself (its own table): they stay the text
       * alternative, with no hidden copy to read twice and no "View data".
       */
      children: ReactNode;
      labelHeading?: never;
      data?: never;
    }
);

function DataTable({ title, labelHeading, data }: TableProps) {
  return (
    <Table size="small">
      <caption>{title}</caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {labelHeading}
          </TableCell>
          {data.series.map((s) => (
            <TableCell key={s.label} component="th" scope="col" align="right">
              {s.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {data.labels.map((label, row) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row">
              {label}
            </TableCell>
            {data.series.map((s) => {
              const value = s.values[row] ?? 0;
              return (
                <TableCell key={s.label} align="right">
                  {s.format ? s.format(value) : value.toLocaleString('en-US')}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function CaptionRow({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
      <Typography component="figcaption" variant="subtitle2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A chart with its text alternative: the same numbers as a table, read by screen readers at all
 * times and shown to everyone with "View data" (or the screen's own table, given as children).
 */
export function ChartFigure({ title, chart, height = 240, ...numbers }: ChartFigureProps) {
  const [showData, setShowData] = useState(false);
  const tableId = useId();
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <CaptionRow title={title}>
        {numbers.data && (
          <Button size="small" aria-expanded={showData} aria-controls={tableId} onClick={() => setShowData((v) => !v)}>
            {showData ? 'Hide data' : 'View data'}
          </Button>
        )}
      </CaptionRow>
      {/* Inert: the picture is neither read nor focused; the table carries its numbers. */}
      <Box inert sx={{ height }}>
        <DrawnInTurn height={height}>{chart}</DrawnInTurn>
      </Box>
      {numbers.data ? (
        <div id={tableId}>
          {showData ? (
            <DataTable title={title} labelHeading={numbers.labelHeading} data={numbers.data} />
          ) : (
            <VisuallyHidden component="div">
              <DataTable title={title} labelHeading={numbers.labelHeading} data={numbers.data} />
            </VisuallyHidden>
          )}
        </div>
      ) : (
        numbers.children
      )}
    </Box>
  );
}

/** The chart once its turn comes (chart-turns.ts), its place held at its height until it is drawn. */
function DrawnInTurn({ height, children }: { height: number; children: ReactNode }) {
  const { shown, drawn } = useChartTurn();
  const place = <Skeleton variant="rectangular" height={height} />;
  if (!shown) return place;
  return (
    <Suspense fallback={place}>
      <WhenMounted run={drawn}>{children}</WhenMounted>
    </Suspense>
  );
}

function WhenMounted({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(run, [run]);
  return children;
}

/**
 * A chart's place while its numbers are on the way: its caption and its height, so that neither the
 * caption nor what follows moves when the chart comes. "View data" is there, disabled, for the same reason.
 */
export function PendingChartFigure({ title, height = 240 }: { title: string; height?: number }) {
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <CaptionRow title={title}>
        <Button size="small" disabled>
          View data
        </Button>
      </CaptionRow>
      <Skeleton variant="rectangular" height={height} />
    </Box>
  );
}
