import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useIsFetching } from '@tanstack/react-query';
import { useState } from 'react';
import { requestQueries } from '../../../api/request-queries';
import { ListFailure } from '../../../components/data-table/list-failure';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { ExportButton } from '../../../components/export/export-button';
import { PageHeading } from '../../../components/ui/page-heading';
import { endpoints } from '../../../contracts/endpoints';
import { canAccess } from '../../../contracts/permissions';
import { REQUEST_PAGE_LINKS, REQUEST_PAGE_SIZE, type RequestItem } from '../../../contracts/requests';
import { useKeptList } from '../../../hooks/use-kept-list';
import { useCurrentRoles, useEmployerPK } from '../../../hooks/use-session';
import { openBlobInNewWindow } from '../../../lib/open-document';
import { useAppStore, type ModalName } from '../../../stores/app-store';
import { useRequestSearch } from '../hooks/use-request-search';
import { requestListQuery } from '../lib/request-list-query';
import { nextSort, pageOf, toRequestListBody, type RequestSearch } from '../lib/request-search';
import { ApproveRequestDialog } from './approve-request-dialog';
import { CancelRequestDialog } from './cancel-request-dialog';
import { RequestFiltersForm } from './request-filters';
import { RequestTable, type RequestAction } from './request-table';
import { ViewRequestDialog } from './view-request-dialog';

const ACTION_MODALS: Record<Exclude<RequestAction, 'pdf'>, ModalName> = {
  view: 'viewRequestModal',
  cancel: 'submitCancelRequestModal',
  approve: 'approveRequestModal',
};

/** Enrollment Submissions Manager (spec 1 §2): filters, the server-paged table and its dialogs. */
export function EnrollmentManagerPage() {
  const [search, setSearch] = useRequestSearch();
  const modal = useAppStore((state) => state.modal);
  const openModal = useAppStore((state) => state.openModal);
  const closeModal = useAppStore((state) => state.closeModal);
  // Which row the open dialog is about; the store says which dialog is open.
  const [selected, setSelected] = useState<RequestItem | null>(null);
  const mayApprove = canAccess(useCurrentRoles(), 'approve');
  const employerPK = useEmployerPK();

  const act = (action: RequestAction, request: RequestItem) => {
    if (action === 'pdf') {
      // Straight from the click, so the new window is not taken for a popup.
      openBlobInNewWindow(
        endpoints.viewEnrollmentPdf,
        { query: { requestPK: request.pk } },
        `request-${request.pk}.pdf`,
      ).catch(
        () => undefined, // Told by the call layer.
      );
      return;
    }
    setSelected(request);
    openModal(ACTION_MODALS[action]);
  };
  const dialogRequest = (name: ModalName) => (modal === name ? selected : null);

  return (
    <>
      <PageHeading title="Enrollment Submissions" />
      <Stack spacing={2}>
        <RequestFiltersForm
          // Remounted when the URL's filters change (Back, a link), so the fields show them.
          key={[search.dateFrom, search.dateTo, search.lastName, search.firstName, search.status].join('|')}
          filters={search}
          onApply={(filters) => void setSearch({ ...filters, page: 1 })}
        />
        <ExportButton
          list="requests"
          endpoint={endpoints.requestExport}
          input={(format) => {
            const {
              recordsPerPage: _size,
              page: _page,
              sortColumn: _sort,
              ...filters
            } = toRequestListBody(search, employerPK);
            return { body: { ...filters, format } };
          }}
        />
        <Paper variant="outlined">
          <FetchingBar />
          <RequestResults search={search} mayApprove={mayApprove} onSearch={setSearch} onAction={act} />
        </Paper>
      </Stack>
      <ViewRequestDialog request={dialogRequest('viewRequestModal')} onClose={closeModal} />
      <CancelRequestDialog request={dialogRequest('submitCancelRequestModal')} onClose={closeModal} />
      <ApproveRequestDialog request={dialogRequest('approveRequestModal')} onClose={closeModal} />
    </>
  );
}

type RequestResultsProps = {
  search: RequestSearch;
  mayApprove: boolean;
  onSearch: (patch: Partial<RequestSearch>) => void;
  onAction: (action: RequestAction, request: RequestItem) => void;
};

function RequestResults({ search, mayApprove, onSearch, onAction }: RequestResultsProps) {
  const employerPK = useEmployerPK();
  const requests = useKeptList(requestListQuery(search, employerPK));
  const data = requests.data;
  return (
    <>
      {requests.failure && (
        <ListFailure
          what="The request list"
          message={requests.failure}
          retrying={requests.retrying}
          onRetry={requests.retry}
        />
      )}
      {!data ? (
        !requests.failure && <RequestListSkeleton />
      ) : data.list.length === 0 ? (
        <Typography sx={{ p: 2 }}>
          {pageOf(search) > 1 && data.recordCount > 0
            ? 'There are no requests on this page.'
            : 'No requests match the filters.'}
        </Typography>
      ) : (
        <RequestTable
          requests={data.list}
          sort={search.sort}
          onSort={(field) => onSearch(nextSort(search, field))}
          mayApprove={mayApprove}
          onAction={onAction}
        />
      )}
      {data && (
        <ListPagination
          page={pageOf(search)}
          recordCount={data.recordCount}
          pageSize={REQUEST_PAGE_SIZE}
          pageLinks={REQUEST_PAGE_LINKS}
          itemLabel="Requests"
          navLabel="Request list pages"
          onPage={(page) => onSearch({ page })}
        />
      )}
    </>
  );
}

function FetchingBar() {
  const fetching = useIsFetching({ queryKey: requestQueries.lists() }) > 0;
  // The bar keeps its height when idle so the table does not jump.
  return fetching ? <LinearProgress aria-label="Loading requests" /> : <Box sx={{ height: 4 }} />;
}

function RequestListSkeleton() {
  return (
    <Stack spacing={1} sx={{ p: 2 }} role="status" aria-label="Loading requests">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} variant="rectangular" height={28} />
      ))}
    </Stack>
  );
}
