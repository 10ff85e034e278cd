import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { insightQueries } from '../../../api/insight-queries';
import { useEmployerPK } from '../../../hooks/use-session';
import { formatIsoDate } from '../../../lib/calendar-date';
import { DashboardPanel, PendingLines } from './dashboard-panel';

const KINDS = {
  funding: { title: 'Claims Funding Report', path: '/funding-report', noun: 'funding reports' },
  invoice: { title: 'Admin Invoice', path: '/invoice', noun: 'invoices' },
} as const;

/** The newest funding report or invoice, with a way to the full list. */
export function DocumentPanel({ kind }: { kind: keyof typeof KINDS }) {
  return (
    <DashboardPanel
      title={KINDS[kind].title}
      pending={
        <>
          <PendingLines lines={1} />
          <PendingLines lines={1} variant="body2" />
        </>
      }
    >
      <DocumentNumbers kind={kind} />
    </DashboardPanel>
  );
}

function DocumentNumbers({ kind }: { kind: keyof typeof KINDS }) {
  const { data } = useSuspenseQuery(insightQueries[kind](useEmployerPK()));
  const { path, noun } = KINDS[kind];
  return (
    <>
      {data.latest ? (
        <Typography>
          Latest: <strong>{data.latest.documentName}</strong>, {formatIsoDate(data.latest.createDate)}
        </Typography>
      ) : (
        <Typography>None yet.</Typography>
      )}
      <Typography variant="body2">
        {data.lastYear.toLocaleString('en-US')} {noun} in the last 12 months. <Link to={path}>See all {noun}</Link>
      </Typography>
    </>
  );
}
