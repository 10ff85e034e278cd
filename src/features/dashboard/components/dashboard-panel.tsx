import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { SuspenseBoundary } from '../../../components/ui/suspense-boundary';
import { useEmployerPK } from '../../../hooks/use-session';

type DashboardPanelProps = {
  title: string;
  /** What stands in the numbers' place while they come: the same captions, and room of their height. */
  pending: ReactNode;
  /** Reads the panel's numbers with useSuspenseQuery. */
  children: ReactNode;
};

/**
 * One panel of the dashboard: a titled region drawn at once, its numbers filling in when they come.
 * A panel whose numbers fail shows the failure with a Retry; the other panels stay.
 */
export function DashboardPanel({ title, pending, children }: DashboardPanelProps) {
  const headingId = useId();
  const employerPK = useEmployerPK();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id={headingId} component="h2" variant="h6">
          {title}
        </Typography>
        <SuspenseBoundary
          resetKey={employerPK}
          what={`Dashboard panel "${title}"`}
          fallback={pending}
          failure={(error, retry) => (
            <RetryAlert title={`${title}: the numbers could not be loaded`} error={error} onRetry={retry} />
          )}
        >
          {children}
        </SuspenseBoundary>
      </CardContent>
    </Card>
  );
}

/** A headline figure with its label. */
export function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Typography variant="h4" component="p">
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </div>
  );
}

/** A figure's place, at its height, with its label. */
export function PendingFigure({ label }: { label: string }) {
  return <Figure label={label} value={<Skeleton width="4ch" />} />;
}

/** Lines of text to come, at the height of `variant`'s lines. */
export function PendingLines({ lines, variant = 'body1' }: { lines: number; variant?: 'body1' | 'body2' }) {
  return (
    <div>
      {Array.from({ length: lines }, (_, i) => (
        <Typography key={i} variant={variant}>
          <Skeleton width={i === lines - 1 ? '60%' : '90%'} />
        </Typography>
      ))}
    </div>
  );
}
