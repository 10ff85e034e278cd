import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pageCountOf, pageWindow } from './paging';

type ListPaginationProps = {
  /** One-based. */
  page: number;
  recordCount: number;
  /** More rows matched than the server lists: recordCount is its cap, shown as '1,000+'. */
  countCapped?: boolean;
  pageSize: number;
  /** How many numbered page links to offer around the current page. */
  pageLinks: number;
  /** What the rows are, in the status line ('Members 1–20 of 57'). */
  itemLabel: string;
  navLabel: string;
  onPage: (page: number) => void;
  /**
   * Rows the server returned for this page. Lists whose server may answer a page past the end
   * with no rows pass it, so the status line says so instead of showing an impossible range.
   */
  rowCount?: number;
};

/** First / Previous, the page links, Next / Last (spec 1 §9, spec 2 §9), plus which rows are shown. */
export function ListPagination({
  page,
  recordCount,
  countCapped,
  pageSize,
  pageLinks,
  itemLabel,
  navLabel,
  onPage,
  rowCount,
}: ListPaginationProps) {
  const pageCount = pageCountOf(recordCount, pageSize);

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'space-between', p: 1 }}
    >
      <Typography variant="body2" role="status" aria-live="polite">
        {statusLine({ page, pageCount, recordCount, countCapped, pageSize, itemLabel, rowCount })}
      </Typography>
      <Stack component="nav" aria-label={navLabel} direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
        <Button size="small" disabled={page <= 1} onClick={() => onPage(1)}>
          First
        </Button>
        <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {pageWindow(page, pageCount, pageLinks).map((n) => (
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

type StatusLineInput = Pick<
  ListPaginationProps,
  'page' | 'recordCount' | 'countCapped' | 'pageSize' | 'itemLabel' | 'rowCount'
> & {
  pageCount: number;
};

function statusLine({
  page,
  pageCount,
  recordCount,
  countCapped,
  pageSize,
  itemLabel,
  rowCount,
}: StatusLineInput): string {
  const first = (page - 1) * pageSize + 1;
  const last = rowCount === undefined ? Math.min(page * pageSize, recordCount) : first + rowCount - 1;
  const shown = rowCount === undefined ? recordCount > 0 : rowCount > 0;
  if (shown && countCapped)
    return `${itemLabel} ${first}–${last} of ${recordCount.toLocaleString('en-US')}+ (narrow the search to see the rest)`;
  if (shown) return `${itemLabel} ${first}–${last} of ${recordCount}`;
  if (rowCount !== undefined && recordCount > 0) return `No ${itemLabel.toLowerCase()} on page ${page} of ${pageCount}`;
  return `No ${itemLabel.toLowerCase()}`;
}
