import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pageCountOf, pageWindow } from '../../../components/member-chooser/member-search';
import { DOCUMENT_PAGE_LINKS } from '../../../contracts/documents';

type DocumentPaginationProps = {
  label: string;
  /** One-based. */
  page: number;
  pageSize: number;
  totalCount: number;
  /** Rows on this page: a page past the end has none although totalCount is not 0. */
  rowCount: number;
  onPage: (page: number) => void;
};

/** First / Previous, five page links, Next / Last (spec 2 §9), plus which rows are shown. */
export function DocumentPagination({ label, page, pageSize, totalCount, rowCount, onPage }: DocumentPaginationProps) {
  const pageCount = pageCountOf(totalCount, pageSize);
  const first = (page - 1) * pageSize + 1;
  const status =
    rowCount > 0
      ? `Documents ${first}–${first + rowCount - 1} of ${totalCount}`
      : totalCount > 0
        ? `No documents on page ${page} of ${pageCount}`
        : 'No documents';

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', p: 1 }}>
      <Typography variant="body2" role="status" aria-live="polite">
        {status}
      </Typography>
      <Stack component="nav" aria-label={`${label} pages`} direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
        <Button size="small" disabled={page <= 1} onClick={() => onPage(1)}>
          First
        </Button>
        <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {pageWindow(page, pageCount, DOCUMENT_PAGE_LINKS).map((n) => (
          <Button
            key={n}
            size="small"
            variant={n === page ? 'contained' : 'text'}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPage(n)}
            sx={{ minWidth: 36 }}
          >
            {n}
          </Button>
        ))}
        <Button size="small" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          Next
        </Button>
        <Button size="small" disabled={page >= pageCount} onClick={() => onPage(pageCount)}>
          Last
        </Button>
      </Stack>
    </Stack>
  );
}
