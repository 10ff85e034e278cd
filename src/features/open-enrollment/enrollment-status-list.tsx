import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, FlexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { createContext, useContext, useId, useState, type FormEvent } from 'react';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { ListFailure } from '../../components/data-table/list-failure';
import { ListTable } from '../../components/data-table/list-table';
import { DataCells } from '../../components/data-table/data-cells';
import { columnAlign } from '../../components/data-table/column-align';
import { ListSkeleton } from '../../components/list-page/list-skeleton';
import { DownloadStatus } from '../../components/ui/download-status';
import { RetryAlert } from '../../components/ui/retry-alert';
import { VisuallyHidden } from '../../components/ui/visually-hidden';
import { endpoints } from '../../contracts/endpoints';
import {
  ENROLLMENT_STATUSES,
  ENROLLMENT_STATUS_FILE_NAME,
  ENROLLMENT_STATUS_LABELS,
  ENROLLMENT_STATUS_NAME_MAX,
  ENROLLMENT_STATUS_PAGE_SIZE,
  electionChoiceText,
  type EnrollmentStatus,
  type EnrollmentStatusFilters,
  type EnrollmentStatusRow,
} from '../../contracts/open-enrollment';
import { useFileDownload } from '../../hooks/use-file-download';
import { isApiError } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { MemberStatementsDialog, type StatementsOf } from './member-statements-dialog';

// Paging and filtering happen on the server; the table only lays the page out.
const statusTableFeatures = tableFeatures({});
const helper = createColumnHelper<typeof statusTableFeatures, EnrollmentStatusRow>();

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A choice in words, or a dash (read out as "None") where the member has none. */
function Choice({ text }: { text: string }) {
  if (text) return text;
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>None</VisuallyHidden>
    </>
  );
}

const statusColumns = helper.columns([
  helper.accessor('subscriberID', { header: 'Subscriber ID' }),
  helper.accessor((row) => `${row.lastName}, ${row.firstName}`, { id: 'name', header: 'Name', meta: { sticky: true } }),
  helper.accessor('status', { header: 'Status', cell: (info) => ENROLLMENT_STATUS_LABELS[info.getValue()] }),
  helper.accessor('submittedAt', {
    header: 'Submitted',
    cell: (info) => {
      const at = info.getValue();
      return at ? <time dateTime={at}>{dateTime.format(new Date(at))}</time> : '';
    },
  }),
  helper.accessor((row) => electionChoiceText(row.medical), {
    id: 'medical',
    header: 'Medical',
    cell: (info) => <Choice text={info.getValue()} />,
  }),
  helper.accessor((row) => electionChoiceText(row.dental), {
    id: 'dental',
    header: 'Dental',
    cell: (info) => <Choice text={info.getValue()} />,
  }),
  helper.display({
    id: 'statements',
    header: 'Statements',
    cell: (info) => <StatementsButton row={info.row.original} />,
  }),
]);

/** The row's member, whose statements the list's dialog shows. */
const ShowStatements = createContext<(member: StatementsOf) => void>(() => undefined);

function StatementsButton({ row }: { row: EnrollmentStatusRow }) {
  const show = useContext(ShowStatements);
  if (!row.submittedAt) return null;
  const name = `${row.firstName} ${row.lastName}`;
  return (
    <Button
      size="small"
      onClick={() => show({ subscriberPK: row.subscriberPK, name })}
      aria-label={`Statements of ${name}`}
    >
      Statements
    </Button>
  );
}

const STATUS_TABLE = {
  features: statusTableFeatures,
  columns: statusColumns,
  getRowId: (row: EnrollmentStatusRow) => String(row.subscriberPK),
};

type Filters = { status: EnrollmentStatus | ''; lastName: string };
const NO_FILTERS: Filters = { status: '', lastName: '' };

/** The filters as the calls send them: an empty field is no filter. */
function queryOf(employerPK: number, filters: Filters): EnrollmentStatusFilters {
  const lastName = filters.lastName.trim();
  return {
    employerPK,
    ...(filters.status ? { status: filters.status } : {}),
    ...(lastName ? { lastName } : {}),
  };
}

function StatusTable({ rows }: { rows: EnrollmentStatusRow[] }) {
  const table = useTable({ ...STATUS_TABLE, data: rows });
  const [statementsOf, setStatementsOf] = useState<StatementsOf | null>(null);
  return (
    <ShowStatements.Provider value={setStatementsOf}>
      <MemberStatementsDialog member={statementsOf} onClose={() => setStatementsOf(null)} />
      <ListTable
        caption="Members and their open enrollment status, with what they chose for medical and dental coverage."
        head={
          <TableHead>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => (
                  <TableCell key={header.id} scope="col" align={columnAlign(header.column)}>
                    <FlexRender header={header} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableHead>
        }
      >
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id} data-testid="enrollment-status-row">
            <DataCells row={row} />
          </TableRow>
        ))}
      </ListTable>
    </ShowStatements.Provider>
  );
}

/**
 * Where each active member stands in the window: filtered by status and the start of the last name,
 * a page at a time (Previous / Next: the server pages by key, and the totals are in the counts above),
 * and the same filtered list as a CSV file.
 */
export function EnrollmentStatusList({ employerPK }: { employerPK: number }) {
  const idPrefix = useId();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // The `after` key of each page shown so far: the first page starts at the beginning.
  const [pageStarts, setPageStarts] = useState<(number | undefined)[]>([undefined]);
  const pageIndex = pageStarts.length - 1;
  const after = pageStarts[pageIndex];
  const filterQuery = queryOf(employerPK, filters);
  const list = useQuery({
    ...openEnrollmentQueries.statusList({
      ...filterQuery,
      recordsPerPage: ENROLLMENT_STATUS_PAGE_SIZE,
      ...(after === undefined ? {} : { after }),
    }),
    placeholderData: keepPreviousData,
  });
  const csv = useFileDownload<EnrollmentStatusFilters>((query, options) =>
    downloadFile(endpoints.enrollmentStatusCsv, { query }, { fileName: ENROLLMENT_STATUS_FILE_NAME, ...options }),
  );

  const apply = (next: Filters) => {
    setFilters(next);
    setPageStarts([undefined]);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    apply(NO_FILTERS);
  };

  const data = list.data;
  const filtered = filters.status !== '' || filters.lastName.trim() !== '';
  const first = pageIndex * ENROLLMENT_STATUS_PAGE_SIZE + 1;
  const statusLine =
    !data || data.list.length === 0
      ? ''
      : `Members ${first}–${first + data.list.length - 1}${data.nextAfter === null ? ` of ${first + data.list.length - 1}` : ''}`;

  return (
    <Paper
      component="section"
      aria-labelledby={`${idPrefix}-title`}
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 2 }}
    >
      <Typography id={`${idPrefix}-title`} variant="h6" component="h2">
        Members
      </Typography>
      <Stack
        component="form"
        role="search"
        aria-label="Filter members"
        noValidate
        onSubmit={onSubmit}
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' } }}
      >
        <TextField
          select
          id={`${idPrefix}-status`}
          label="Status"
          value={draft.status}
          onChange={(event) => setDraft({ ...draft, status: event.target.value as Filters['status'] })}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">All</option>
          {ENROLLMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ENROLLMENT_STATUS_LABELS[status]}
            </option>
          ))}
        </TextField>
        <TextField
          id={`${idPrefix}-last-name`}
          label="Last name starts with"
          value={draft.lastName}
          onChange={(event) => setDraft({ ...draft, lastName: event.target.value })}
          slotProps={{ htmlInput: { maxLength: ENROLLMENT_STATUS_NAME_MAX, autoComplete: 'off' } }}
          sx={{ maxWidth: { md: 280 } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained">
            Search
          </Button>
          <Button type="button" onClick={clear}>
            Clear
          </Button>
        </Stack>
      </Stack>

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={csv.isDownloading} onClick={() => csv.start(filterQuery)}>
          Download CSV
        </Button>
        <DownloadStatus label={ENROLLMENT_STATUS_FILE_NAME} progress={csv.isDownloading ? csv.progress : null} />
      </Stack>
      {csv.error && <RetryAlert title="The CSV could not be downloaded" error={csv.error} onRetry={csv.retry} />}

      <Paper variant="outlined">
        {list.isFetching && data ? <LinearProgress aria-label="Loading members" /> : null}
        {list.isPending ? <ListSkeleton label="Loading members" rows={5} /> : null}
        {list.isError && !data ? (
          <ListFailure
            what="The member list"
            message={isApiError(list.error) ? list.error.message : 'Please try again.'}
            retrying={list.isFetching}
            onRetry={() => void list.refetch()}
          />
        ) : null}
        {data ? (
          <>
            {data.list.length === 0 ? (
              <Typography sx={{ p: 2 }}>
                {filtered ? 'No members match the filters.' : 'The group has no active members.'}
              </Typography>
            ) : (
              <StatusTable rows={data.list} />
            )}
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'space-between', p: 1 }}
            >
              <Typography variant="body2" role="status" aria-live="polite">
                {statusLine}
              </Typography>
              <Stack component="nav" aria-label="Member list pages" direction="row" spacing={0.5}>
                <Button size="small" disabled={pageIndex === 0} onClick={() => setPageStarts(pageStarts.slice(0, -1))}>
                  Previous
                </Button>
                <Button
                  size="small"
                  disabled={data.nextAfter === null || list.isPlaceholderData}
                  onClick={() => setPageStarts([...pageStarts, data.nextAfter ?? undefined])}
                >
                  Next
                </Button>
              </Stack>
            </Stack>
          </>
        ) : null}
      </Paper>
    </Paper>
  );
}
