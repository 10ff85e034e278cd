import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QueryErrorResetBoundary, useIsFetching, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { CatchBoundary } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { documentQueries } from '../../../api/document-queries';
import {
  DOCUMENT_PAGE_LINKS,
  DOCUMENT_PAGE_SIZE,
  DOCUMENT_TITLES,
  type DocumentKind,
} from '../../../contracts/documents';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { ExportButton } from '../../../components/export/export-button';
import { endpoints } from '../../../contracts/endpoints';
import { PageHeading } from '../../../components/ui/page-heading';
import { useEmployerPK } from '../../../hooks/use-session';
import { DownloadStatus } from '../components/download-status';
import { RetryAlert } from '../components/retry-alert';
import { useFileDownload } from '../hooks/use-file-download';
import type { DateRange } from '../lib/date-range';
import { downloadDocument } from './document-kinds';
import { DocumentFilters } from './document-filters';
import {
  compactDocumentSearch,
  pageOf,
  toDocumentListBody,
  withDateFilters,
  withPage,
  type DocumentSearch,
} from './document-search';
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
  const listKey = JSON.stringify(compactDocumentSearch(search));

  // A choice belongs to the page it was made on; another page or filter starts without one.
  const [selection, setSelection] = useState<Selection | null>(null);
  const selected = selection?.listKey === listKey ? selection.documentName : null;

  const download = useFileDownload<{ documentName: string; employerPK: number }>((doc, options) =>
    downloadDocument(kind, doc.employerPK, doc.documentName, options),
  );

  const applyDates = (range: DateRange) => {
    const next = withDateFilters(search, range);
    // The same dates again: Search refreshes the page shown.
    if (JSON.stringify(compactDocumentSearch(next)) === listKey) {
      void queryClient.invalidateQueries({ queryKey: documentListQuery(kind, next, employerPK).queryKey });
    }
    void setSearch(next);
  };

  return (
    <>
      <PageHeading title={title} />
      <Stack spacing={2}>
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
        <Paper variant="outlined">
          <FetchingBar label={title} />
          <QueryErrorResetBoundary>
            {({ reset }) => (
              <CatchBoundary
                getResetKey={() => `${employerPK}|${listKey}`}
                onCatch={(error) => console.error(`${title} list failed`, error)}
                errorComponent={({ error, reset: resetBoundary }) => (
                  <Box sx={{ p: 2 }}>
                    <RetryAlert
                      title={`The ${title} list could not be loaded`}
                      error={error}
                      onRetry={() => {
                        reset();
                        resetBoundary();
                      }}
                    />
                  </Box>
                )}
              >
                <Suspense fallback={<DocumentListSkeleton label={title} />}>
                  <DocumentResults
                    kind={kind}
                    title={title}
                    employerPK={employerPK}
                    search={search}
                    selected={selected}
                    onSelect={(documentName) => setSelection({ listKey, documentName })}
                    onSearch={setSearch}
                  />
                </Suspense>
              </CatchBoundary>
            )}
          </QueryErrorResetBoundary>
        </Paper>
      </Stack>
    </>
  );
}

type DocumentResultsProps = {
  kind: DocumentKind;
  title: string;
  employerPK: number;
  search: DocumentSearch;
  selected: string | null;
  onSelect: (documentName: string) => void;
  onSearch: (next: DocumentSearch) => void;
};

function DocumentResults({ kind, title, employerPK, search, selected, onSelect, onSearch }: DocumentResultsProps) {
  const { data } = useSuspenseQuery(documentListQuery(kind, search, employerPK));
  const page = pageOf(search);

  return (
    <>
      {data.result.length === 0 ? (
        <Typography sx={{ p: 2 }}>
          {data.totalCount > 0 ? 'There are no documents on this page.' : 'No documents match the dates.'}
        </Typography>
      ) : (
        <DocumentTable
          groupName={`document-${kind}`}
          caption={`${title}. Choose a document with its radio button, then Download Document.`}
          documents={data.result}
          selected={selected}
          onSelect={onSelect}
        />
      )}
      <ListPagination
        page={page}
        recordCount={data.totalCount}
        pageSize={data.pageSize}
        pageLinks={DOCUMENT_PAGE_LINKS}
        itemLabel="Documents"
        navLabel={`${title} pages`}
        rowCount={data.result.length}
        onPage={(next) => onSearch(withPage(search, next, data.pageSize))}
      />
    </>
  );
}

function FetchingBar({ label }: { label: string }) {
  const fetching = useIsFetching({ queryKey: documentQueries.all() }) > 0;
  // The bar keeps its height when idle so the table does not jump.
  return fetching ? <LinearProgress aria-label={`Loading ${label}`} /> : <Box sx={{ height: 4 }} />;
}

function DocumentListSkeleton({ label }: { label: string }) {
  return (
    <Stack spacing={1} sx={{ p: 2 }} role="status" aria-label={`Loading ${label}`}>
      {Array.from({ length: DOCUMENT_PAGE_SIZE }, (_, i) => (
        <Skeleton key={i} variant="rectangular" height={28} />
      ))}
    </Stack>
  );
}
