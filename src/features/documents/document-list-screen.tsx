import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { documentQueries } from '../../api/document-queries';
import { DownloadStatus } from '../../components/ui/download-status';
import { ExportButton } from '../../components/list-page/export-button';
import type { DateRange } from '../../components/form/date-range';
import { ListFetchingBar } from '../../components/list-page/list-fetching-bar';
import { ListPage } from '../../components/list-page/list-page';
import { ListResults } from '../../components/list-page/list-results';
import { ListSkeleton } from '../../components/list-page/list-skeleton';
import { SuspenseListPanel } from '../../components/list-page/suspense-list-panel';
import { RetryAlert } from '../../components/ui/retry-alert';
import { DOCUMENT_PAGE_LINKS, DOCUMENT_PAGE_SIZE, DOCUMENT_TITLES, type DocumentKind } from '../../contracts/documents';
import { endpoints } from '../../contracts/endpoints';
import { useEmployerPK } from '../../hooks/use-session';
import { useFileDownload } from '../../hooks/use-file-download';
import { pageOf } from '../../lib/list-search';
import { downloadDocument } from './document-kinds';
import { DocumentFilters } from './document-filters';
import { documentSearch, toDocumentListBody, withDateFilters, withPage, type DocumentSearch } from './document-search';
import { DocumentTable } from './document-table';
import { documentListQuery } from './load-document-list';
import { useDocumentSearch } from './use-document-search';

type DocumentListScreenProps = { kind: DocumentKind };

const EXPORT_ENDPOINTS = {
  funding: endpoints.fundingReportExport,
  invoice: endpoints.invoiceExport,
  monthly: endpoints.specAggFileExport,
} as const;

type Selection = { listKey: string; documentName: string };

/**
 * The one screen behind the funding report, invoice and monthly report routes (spec 2 §2), titled by
 * the document type. Its filters and page live in the URL; the route preloads the page it names.
 */
export function DocumentListScreen({ kind }: DocumentListScreenProps) {
  const title = DOCUMENT_TITLES[kind];
  const employerPK = useEmployerPK();
  const queryClient = useQueryClient();
  const [search, setSearch] = useDocumentSearch();
  const listKey = JSON.stringify(documentSearch.compact(search));

  // A choice belongs to the page it was made on; another page or filter starts without one.
  const [selection, setSelection] = useState<Selection | null>(null);
  const selected = selection?.listKey === listKey ? selection.documentName : null;

  const download = useFileDownload<{ documentName: string; employerPK: number }>((doc, options) =>
    downloadDocument(kind, doc.employerPK, doc.documentName, options),
  );

  const applyDates = (range: DateRange) => {
    const next = withDateFilters(search, range);
    // The same dates again: Search refreshes the page shown.
    if (JSON.stringify(documentSearch.compact(next)) === listKey) {
      void queryClient.invalidateQueries({ queryKey: documentListQuery(kind, next, employerPK).queryKey });
    }
    void setSearch(next);
  };

  return (
    <ListPage title={title}>
      <DocumentFilters
        key={`${search.startDate ?? ''}|${search.endDate ?? ''}`}
        label={`Search ${title}`}
        search={search}
        onSearch={applyDates}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="contained"
          disabled={!selected || download.isDownloading}
          onClick={() => selected && download.start({ documentName: selected, employerPK })}
        >
          Download Document
        </Button>
        <DownloadStatus label={selected ?? 'document'} progress={download.isDownloading ? download.progress : null} />
        <ExportButton
          list={kind}
          endpoint={EXPORT_ENDPOINTS[kind]}
          input={(format) => {
            const { startDate, endDate } = toDocumentListBody(search, employerPK).filterOptions;
            return { body: { filterOptions: { employerPK, startDate, endDate }, format } };
          }}
        />
      </Stack>
      {download.error && (
        <RetryAlert title="The document could not be downloaded" error={download.error} onRetry={download.retry} />
      )}
      <SuspenseListPanel
        progress={<ListFetchingBar queryKey={documentQueries.all()} label={`Loading ${title}`} />}
        resetKey={`${employerPK}|${listKey}`}
        what={`${title} list`}
        fallback={<ListSkeleton label={`Loading ${title}`} rows={DOCUMENT_PAGE_SIZE} />}
        failure={(error, retry) => (
          <RetryAlert title={`The ${title} list could not be loaded`} error={error} onRetry={retry} />
        )}
      >
        <DocumentResults
          kind={kind}
          search={search}
          selected={selected}
          onSelect={(documentName) => setSelection({ listKey, documentName })}
          onSearch={setSearch}
        />
      </SuspenseListPanel>
    </ListPage>
  );
}

type DocumentResultsProps = {
  kind: DocumentKind;
  search: DocumentSearch;
  selected: string | null;
  onSelect: (documentName: string) => void;
  onSearch: (next: DocumentSearch) => void;
};

function DocumentResults({ kind, search, selected, onSelect, onSearch }: DocumentResultsProps) {
  const title = DOCUMENT_TITLES[kind];
  const employerPK = useEmployerPK();
  const { data } = useSuspenseQuery(documentListQuery(kind, search, employerPK));
  const paging = { pageSize: data.pageSize, pageLinks: DOCUMENT_PAGE_LINKS, itemLabel: 'Documents' };

  return (
    <ListResults
      rowCount={data.result.length}
      emptyText={data.totalCount > 0 ? 'There are no documents on this page.' : 'No documents match the dates.'}
      pager={{
        ...paging,
        navLabel: `${title} pages`,
        page: pageOf(search),
        recordCount: data.totalCount,
        rowCount: data.result.length,
        onPage: (next) => onSearch(withPage(search, next, data.pageSize)),
      }}
    >
      <DocumentTable
        groupName={`document-${kind}`}
        caption={`${title}. Choose a document with its radio button, then Download Document.`}
        documents={data.result}
        selected={selected}
        onSelect={onSelect}
      />
    </ListResults>
  );
}
