import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatIsoDate } from '../../../lib/calendar-date';
import type { Dependent } from '../../../contracts/dependents';
import type { EmployerDetails } from '../../../contracts/employers';
import type { FsaItem } from '../../../contracts/plans';
import type { PlanData, SubscriberDetail } from '../../../contracts/subscribers';
import { formatUsd } from '../../../lib/format-currency';
import { cityAndState, maskSsn, personName } from '../coverage-format';
import { FactList } from './fact-list';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `coverage-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography id={id} variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function MemberSection({ detail }: { detail: SubscriberDetail }) {
  const s = detail.subscriber;
  return (
    <Section title="Member">
      <FactList
        facts={[
          { label: 'Name', value: personName(s.firstName, s.middleName, s.lastName) },
          { label: 'Address Line 1', value: s.address1 },
          { label: 'Address Line 2', value: s.address2 ?? '' },
          { label: 'City and State', value: cityAndState(s.city, s.state) },
          { label: 'Birth Date', value: formatIsoDate(s.dateOfBirth) },
          { label: 'SSN', value: maskSsn(detail.ssnLast4) },
          { label: 'Term Date', value: formatIsoDate(detail.termDate) },
        ]}
      />
    </Section>
  );
}

type PlanFields = {
  name: string | null;
  description: string | null;
  coverage: string | null;
  begin: string | null;
  end: string | null;
};

function PlanSection({ title, plan }: { title: string; plan: PlanFields }) {
  return (
    <Section title={title}>
      {plan.name ? (
        <FactList
          facts={[
            { label: 'Plan Name', value: plan.name },
            { label: 'Description', value: plan.description ?? '' },
            { label: 'Coverage', value: plan.coverage ?? '' },
            { label: 'Begin Date', value: formatIsoDate(plan.begin) },
            { label: 'End Date', value: formatIsoDate(plan.end) },
          ]}
        />
      ) : (
        <Typography variant="body2">No current {title.toLowerCase()}.</Typography>
      )}
    </Section>
  );
}

export function PlanSections({ plan }: { plan: PlanData }) {
  return (
    <>
      <PlanSection
        title="Medical Plan"
        plan={{
          name: plan.planName,
          description: plan.planDescription,
          coverage: plan.coverage,
          begin: plan.coverageBeginDate,
          end: plan.coverageEndDate,
        }}
      />
      <PlanSection
        title="Dental Plan"
        plan={{
          name: plan.dentalPlanName,
          description: plan.dentalPlanDescription,
          coverage: plan.dentalCoverage,
          begin: plan.dentalCoverageBeginDate,
          end: plan.dentalCoverageEndDate,
        }}
      />
    </>
  );
}

export function DivisionAndGroupSection({ plan, employer }: { plan: PlanData; employer: EmployerDetails | undefined }) {
  return (
    <Section title="Division and Group">
      <FactList
        facts={[
          { label: 'Division ID', value: plan.divisionID ?? '' },
          { label: 'Division Description', value: plan.divisionDescription ?? '' },
          { label: 'Group Name', value: employer?.employerName ?? '' },
          { label: 'Employer ID', value: employer?.employerID ?? '' },
        ]}
      />
    </Section>
  );
}

function SimpleTable({
  label,
  headers,
  rows,
}: {
  label: string;
  headers: string[];
  rows: { key: number | string; cells: string[] }[];
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {headers.map((header) => (
            <TableCell key={header} scope="col">
              {header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            {row.cells.map((cell, i) => (
              <TableCell key={headers[i]}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function DependentsSection({ dependents }: { dependents: Dependent[] }) {
  return (
    <Section title="Dependents">
      {dependents.length === 0 ? (
        <Typography variant="body2">No dependents.</Typography>
      ) : (
        <SimpleTable
          label="Dependents"
          headers={['Name', 'Relationship', 'DOB', 'SSN (last 4)']}
          rows={dependents.map((d) => ({
            key: d.dependentPK,
            cells: [
              `${personName(d.firstName, d.lastName)}${d.isTermed ? ' (termed)' : ''}`,
              d.relationship,
              formatIsoDate(d.dateOfBirth),
              d.ssnLast4 ?? '',
            ],
          }))}
        />
      )}
    </Section>
  );
}

export function FsaSection({ items }: { items: FsaItem[] }) {
  return (
    <Section title="FSA">
      {items.length === 0 ? (
        <Typography variant="body2">No FSA elections.</Typography>
      ) : (
        <SimpleTable
          label="FSA elections"
          headers={['Plan Name', 'Type', 'Year', 'Election Amount', 'Balance', 'Plan End']}
          rows={items.map((item, i) => ({
            key: i,
            cells: [
              item.fsaName,
              item.fsaType,
              String(item.fsaYear),
              formatUsd(item.electionAmount),
              formatUsd(item.AvailableBalance),
              formatIsoDate(item.planEnd),
            ],
          }))}
        />
      )}
    </Section>
  );
}
