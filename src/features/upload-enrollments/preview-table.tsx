import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { FlexRender, useTable } from '@tanstack/react-table';
import { importQueries } from '../../api/import-queries';
import { columnAlign } from '../../components/data-table/column-align';
import { DataCells } from '../../components/data-table/data-cells';
import { ListTable } from '../../components/data-table/list-table';
import { ListFetchingBar } from '../../components/list-page/list-fetching-bar';
import { ListResults } from '../../components/list-page/list-results';
import { ListSkeleton } from '../../components/list-page/list-skeleton';
import { SuspenseListPanel } from '../../components/list-page/suspense-list-panel';
import { RetryAlert } from '../../components/ui/retry-alert';
import { IMPORT_ROW_FILTERS, IMPORT_ROWS_PAGE_SIZE, type ImportRow, type ImportView } from '../../contracts/imports';
import { pageOf } from '../../lib/list-search';
import { importRowsQuery } from './load-upload';
import { previewColumns, previewTableFeatures } from './preview-columns';
import { FILTER_LABELS, filterCount } from './upload-labels';
import { filterOf, withFilter, type ImportRowFilter, type UploadSearch } from './upload-search';

const PREVIEW_TABLE = {
  features: previewTableFeatures,
  columns: previewColumns,
  getRowId: (row: ImportRow) => String(row.rowNumber),
};

export const fixButtonId = (rowNumber: number) => `fix-row-${rowNumber}`;

type PreviewTableProps = {
  view: ImportView;
  employerPK: number;
  search: UploadSearch;
  onSearch: (next: UploadSearch) => void;
  /** Rows can be fixed while the upload is a preview. */
  onFix?: (row: ImportRow) => void;
};

/** The preview: a filter by kind with its counts, and a server page of the rows it shows. */
export function PreviewTable({ view, employerPK, search, onSearch, onFix }: PreviewTableProps) {
  const filter = filterOf(search);
  return (
    <Stack component="section" aria-labelledby="preview-heading" spacing={1}>
      <Typography
        id="preview-heading"
        variant="h6"
        component="h2"
        tabIndex={-1}
        sx={{ '&:focus': { outline: 'none' } }}
      >
        Preview
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        aria-label="Show rows"
        onChange={(_event, next: ImportRowFilter | null) => next && onSearch(withFilter(search, next))}
        sx={{ flexWrap: 'wrap' }}
      >
        {IMPORT_ROW_FILTERS.map((option) => (
          <ToggleButton key={option} value={option}>
            {FILTER_LABELS[option]} ({filterCount(view.counts, option).toLocaleString('en-US')})
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <SuspenseListPanel
        progress={<ListFetchingBar queryKey={importQueries.rowLists()} label="Loading rows" />}
        resetKey={`${employerPK}|${view.importPK}|${filter}|${pageOf(search)}`}
        what="Upload preview"
        fallback={<ListSkeleton label="Loading rows" rows={8} />}
        failure={(error, retry) => <RetryAlert title="The rows could not be loaded" error={error} onRetry={retry} />}
      >
        <PreviewRows view={view} employerPK={employerPK} search={search} onSearch={onSearch} onFix={onFix} />
      </SuspenseListPanel>
    </Stack>
  );
}

function PreviewRows({ view, employerPK, search, onSearch, onFix }: PreviewTableProps) {
  const { data } = useSuspenseQuery(importRowsQuery(search, employerPK, view.importPK));
  const table = useTable({ ...PREVIEW_TABLE, data: data.list });
  const page = pageOf(search);
  const emptyText = page > 1 && data.recordCount > 0 ? 'There are no rows on this page.' : 'No rows of this kind.';

  return (
    <ListResults
      rowCount={data.list.length}
      emptyText={emptyText}
      pager={{
        page,
        recordCount: data.recordCount,
        rowCount: data.list.length,
        pageSize: IMPORT_ROWS_PAGE_SIZE,
        pageLinks: 5,
        itemLabel: 'Rows',
        navLabel: 'Preview pages',
        onPage: (next) => onSearch({ ...search, page: next }),
      }}
    >
      <ListTable
        caption={`Rows of ${view.fileName}: kind, the member, and what is wrong or changes.${onFix ? ' Each row not yet committed can be fixed.' : ''}`}
        head={
          <TableHead>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => (
                  <TableCell key={header.id} scope="col" align={columnAlign(header.column)}>
                    <FlexRender header={header} />
                  </TableCell>
                ))}
                {onFix && <TableCell scope="col">Fix</TableCell>}
              </TableRow>
            ))}
          </TableHead>
        }
      >
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id} data-testid="preview-row" sx={{ verticalAlign: 'top' }}>
            <DataCells row={row} />
            {onFix && (
              <TableCell>
                {!row.original.committed && (
                  <Button
                    id={fixButtonId(row.original.rowNumber)}
                    size="small"
                    variant={row.original.errors.length > 0 ? 'contained' : 'text'}
                    aria-label={`Fix row ${row.original.rowNumber}`}
                    onClick={() => onFix(row.original)}
                  >
                    Fix
                  </Button>
                )}
              </TableCell>
            )}
          </TableRow>
        ))}
      </ListTable>
    </ListResults>
  );
}
