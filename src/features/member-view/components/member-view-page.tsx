import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { subscriberQueries } from '../../../api/subscriber-queries';
import { PageHeading } from '../../../components/ui/page-heading';
import type { MemberView } from '../../../contracts/member-view';
import { todayIsoDate } from '../../../contracts/person-rules';
import { REQUEST_STATUS_LABELS, REQUEST_TYPE_LABELS } from '../../../contracts/requests';
import { formatIsoDate } from '../../../lib/calendar-date';
import { formatUsd } from '../../../lib/format-currency';
import { SectionTable } from './section-table';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A moment as the calendar day it fell on, where the user is. */
const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-US');

function Demographics({ subscriber: s }: { subscriber: MemberView['subscriber'] }) {
  const facts: [string, string][] = [
    ['Subscriber ID', s.subscriberID],
    ['SSN', `***-**-${s.ssnLast4}`],
    ['Date of birth', formatIsoDate(s.dateOfBirth)],
    ['Gender', s.gender ?? ''],
    ['Address', s.address],
    ['Phone', s.phone],
    ['Email', s.email],
    ['Division', s.division ?? ''],
    ['Date of hire', formatIsoDate(s.dateOfHire)],
    ['Effective date', formatIsoDate(s.effectiveDate)],
    ['Term date', formatIsoDate(s.termDate)],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0 }}>
      {facts
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

/** /member/$subscriberPK: one member in one place. */
export function MemberViewPage({ subscriberPK }: { subscriberPK: number }) {
  const { data } = useSuspenseQuery(subscriberQueries.memberView(subscriberPK));
  const { subscriber } = data;
  const name = [subscriber.firstName, subscriber.middleName, subscriber.lastName].filter(Boolean).join(' ');
  return (
    <>
      <PageHeading
        title={name}
        subtitle={subscriber.termDate ? `Termed ${formatIsoDate(subscriber.termDate)}` : 'Member'}
      />
      <Stack spacing={2}>
        <Section title="Demographics">
          <Demographics subscriber={subscriber} />
        </Section>
        <Section title="Dependents">
          <SectionTable
            caption="Dependents"
            rows={data.dependents}
            rowKey={(d) => d.dependentPK}
            empty="No dependents."
            columns={[
              { header: 'Dependent ID', cell: (d) => d.dependentID },
              { header: 'Name', cell: (d) => `${d.firstName} ${d.lastName}` },
              { header: 'Relationship', cell: (d) => d.relationship ?? '' },
              { header: 'SSN (last 4)', cell: (d) => d.ssnLast4 ?? '' },
              { header: 'Date of birth', cell: (d) => formatIsoDate(d.dateOfBirth) },
              { header: 'Term date', cell: (d) => formatIsoDate(d.termDate) },
            ]}
          />
        </Section>
        <Section title="Coverage history">
          <SectionTable
            caption="Coverage history: medical, dental and FSA, ended coverage included"
            rows={data.coverage}
            rowKey={(c) => `${c.planType}-${c.coveragePK}`}
            empty="No coverage on file."
            columns={[
              { header: 'Type', cell: (c) => c.planType },
              { header: 'Plan', cell: (c) => c.planName },
              {
                header: 'Tier',
                cell: (c) => c.tierName ?? (c.electionAmount !== null ? formatUsd(c.electionAmount) : ''),
              },
              { header: 'Member', cell: (c) => c.memberName },
              { header: 'Begin date', cell: (c) => formatIsoDate(c.beginDate) },
              { header: 'End date', cell: (c) => formatIsoDate(c.endDate) },
              {
                header: 'Status',
                cell: (c) => <CoverageStatus endDate={c.endDate} />,
              },
            ]}
          />
        </Section>
        <Section title="Requests">
          <SectionTable
            caption="Requests with their status history"
            rows={data.requests}
            rowKey={(r) => r.requestPK}
            empty="No requests."
            columns={[
              { header: 'Request', cell: (r) => REQUEST_TYPE_LABELS[r.type] },
              { header: 'Requested', cell: (r) => dayOf(r.createdAt) },
              { header: 'Status', cell: (r) => REQUEST_STATUS_LABELS[r.status] },
              {
                header: 'History',
                cell: (r) => (
                  <Box component="ol" sx={{ m: 0, pl: 2 }}>
                    {r.history.map((h) => (
                      <li key={`${h.status}-${h.changedAt}`}>
                        {REQUEST_STATUS_LABELS[h.status]}, {dayOf(h.changedAt)}
                        {h.note ? `: ${h.note}` : ''}
                      </li>
                    ))}
                  </Box>
                ),
              },
            ]}
          />
        </Section>
        <Section title="ID cards">
          <SectionTable
            caption="ID cards issued"
            rows={data.idCards}
            rowKey={(c) => c.idCardPK}
            empty="No ID cards issued."
            columns={[
              { header: 'Card number', cell: (c) => c.cardNumber },
              { header: 'Issued', cell: (c) => dayOf(c.issuedAt) },
            ]}
          />
        </Section>
        {data.claims && (
          <Section title="Claims">
            <SectionTable
              caption="Claims, newest service first"
              rows={data.claims}
              rowKey={(c) => c.claimID}
              empty="No claims."
              columns={[
                { header: 'Claim number', cell: (c) => c.claimNumber },
                { header: 'Patient', cell: (c) => `${c.patientFirstName} ${c.patientLastName}` },
                { header: 'Provider', cell: (c) => c.providerName },
                { header: 'Service date', cell: (c) => formatIsoDate(c.serviceDate) },
                { header: 'Billed', cell: (c) => formatUsd(c.billedAmount), align: 'right' },
                { header: 'Plan payment', cell: (c) => formatUsd(c.planPayment), align: 'right' },
                {
                  header: 'Status',
                  cell: (c) => (c.paymentDate ? `Paid ${formatIsoDate(c.paymentDate)}` : 'In-Process'),
                },
              ]}
            />
          </Section>
        )}
      </Stack>
    </>
  );
}

function CoverageStatus({ endDate }: { endDate: string | null }) {
  const ended = endDate !== null && endDate < todayIsoDate();
  return <Chip size="small" variant="outlined" label={ended ? 'Ended' : 'In force'} />;
}
