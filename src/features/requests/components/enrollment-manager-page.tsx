import { useState } from 'react';
import { requestQueries } from '../../../api/request-queries';
import { ExportButton } from '../../../components/list-page/export-button';
import { KeptListPanel, type KeptListKind } from '../../../components/list-page/kept-list-panel';
import { ListPage } from '../../../components/list-page/list-page';
import { endpoints } from '../../../contracts/endpoints';
import { canAccess } from '../../../contracts/permissions';
import { REQUEST_PAGE_LINKS, REQUEST_PAGE_SIZE, type RequestItem } from '../../../contracts/requests';
import { useKeptList } from '../../../hooks/use-kept-list';
import { useCurrentRoles, useEmployerPK } from '../../../hooks/use-session';
import { openBlobInNewWindow } from '../../../lib/open-document';
import { closeModal, openModal, useOpenModal, type ModalName } from '../../../stores/modal-slice';
import { useRequestSearch } from '../hooks/use-request-search';
import { requestListQuery } from '../lib/request-list-query';
import { requestSort, toRequestListBody } from '../lib/request-search';
import { ApproveRequestDialog } from './approve-request-dialog';
import { CancelRequestDialog } from './cancel-request-dialog';
import { RequestFiltersForm } from './request-filters';
import { RequestTable, type RequestAction } from './request-table';
import { ViewRequestDialog } from './view-request-dialog';

const REQUEST_LIST: KeptListKind = {
  nouns: ['request', 'requests'],
  noMatch: 'No requests match the filters.',
  paging: { pageSize: REQUEST_PAGE_SIZE, pageLinks: REQUEST_PAGE_LINKS },
  queryKey: requestQueries.lists(),
};

const ACTION_MODALS: Record<Exclude<RequestAction, 'pdf'>, ModalName> = {
  view: 'viewRequestModal',
  cancel: 'submitCancelRequestModal',
  approve: 'approveRequestModal',
};

/** Enrollment Submissions Manager (spec 1 §2): filters, the server-paged table and its dialogs. */
export function EnrollmentManagerPage() {
  const [search, setSearch] = useRequestSearch();
  const modal = useOpenModal();
  // Which row the open dialog is about; the store says which dialog is open.
  const [selected, setSelected] = useState<RequestItem | null>(null);
  const mayApprove = canAccess(useCurrentRoles(), 'approve');
  const employerPK = useEmployerPK();
  const requests = useKeptList(requestListQuery(search, employerPK));

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
      <ListPage title="Enrollment Submissions">
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
        <KeptListPanel kind={REQUEST_LIST} list={requests} search={search} onSearch={setSearch}>
          {(rows) => (
            <RequestTable
              requests={rows}
              sort={search.sort}
              onSort={(field) => void setSearch(requestSort.next(search, field))}
              mayApprove={mayApprove}
              onAction={act}
            />
          )}
        </KeptListPanel>
      </ListPage>
      <ViewRequestDialog request={dialogRequest('viewRequestModal')} onClose={closeModal} />
      <CancelRequestDialog request={dialogRequest('submitCancelRequestModal')} onClose={closeModal} />
      <ApproveRequestDialog request={dialogRequest('approveRequestModal')} onClose={closeModal} />
    </>
  );
}
