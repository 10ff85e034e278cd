import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ListPage } from '../../../components/list-page/list-page';
import { ListResults } from '../../../components/list-page/list-results';
import { ACCESS_REPORT_FILE_NAME, ACCESS_REPORT_PAGE_SIZE } from '../../../contracts/access-report';
import { endpoints } from '../../../contracts/endpoints';
import { useEmployerPK } from '../../../hooks/use-session';
import { downloadFile } from '../../../lib/download-file';
import { pageOf } from '../../../lib/list-search';
import { sortOf, toAccessReportFilters, withFilters, withSort } from '../access-report-search';
import { accessReportListQuery } from '../load-access-report';
import { useAccessReportSearch } from '../use-access-report-search';
import { AccessReportFilters } from './access-report-filters';
import { AccessReportTable } from './access-report-table';

const ACCESS_REPORT_PAGING = {
  pageSize: ACCESS_REPORT_PAGE_SIZE,
  pageLinks: 5,
  itemLabel: 'Entries',
  navLabel: 'Access Report pages',
};

/** Who read or changed which member's data, and refused calls; filters, sort and page in the URL. */
export function AccessReportScreen() {
  const employerPK = useEmployerPK();
  const [search, setSearch] = useAccessReportSearch();
  const list = useQuery({ ...accessReportListQuery(search, employerPK), placeholderData: keepPreviousData });
  const exportCsv = useMutation({
    mutationFn: () =>
      downloadFile(
        endpoints.accessReportCsv,
        { query: toAccessReportFilters(search, employerPK) },
        { fileName: ACCESS_REPORT_FILE_NAME },
      ),
  });
  const filtersKey = JSON.stringify([
    search.from,
    search.to,
    search.user,
    search.member,
    search.endpoint,
    search.outcome,
  ]);

  return (
    <ListPage title="Access Report">
      <AccessReportFilters key={filtersKey} search={search} onSearch={(f) => void setSearch(withFilters(search, f))} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          Export CSV
        </Button>
        {exportCsv.isError && <Alert severity="error">The CSV could not be downloaded. Please try again.</Alert>}
      </Stack>
      <Paper variant="outlined">
        {list.isFetching ? <LinearProgress aria-label="Loading Access Report" /> : null}
        {list.isError && !list.data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                Retry
              </Button>
            }
          >
            The Access Report could not be loaded.
          </Alert>
        ) : null}
        {list.data ? (
          <ListResults
            rowCount={list.data.list.length}
            emptyText="No access matches the filters."
            pager={{
              ...ACCESS_REPORT_PAGING,
              page: pageOf(search),
              recordCount: list.data.recordCount,
              countCapped: list.data.countCapped,
              rowCount: list.data.list.length,
              onPage: (page) => void setSearch({ page }),
            }}
          >
            <AccessReportTable
              events={list.data.list}
              sort={sortOf(search)}
              onSort={(field) => void setSearch(withSort(search, field))}
            />
          </ListResults>
        ) : null}
      </Paper>
    </ListPage>
  );
}
