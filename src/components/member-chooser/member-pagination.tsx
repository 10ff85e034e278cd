import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SUBSCRIBER_PAGE_SIZE } from '../../contracts/subscribers';
import { pageCountOf, pageWindow } from './member-search';

type MemberPaginationProps = {
  /** One-based. */
  page: number;
  recordCount: number;
  onPage: (page: number) => void;
  /** Rows per page (default: the subscriber list's). */
  pageSize?: number;
  /** What the rows are, in the status line ('Members 1–20 of 57'). */
  itemLabel?: string;
  navLabel?: string;
};

/** First / Previous, four page links, Next / Last (spec 1 §9), plus which rows are shown. */
export function MemberPagination({
  page,
  recordCount,
  onPage,
  pageSize = SUBSCRIBER_PAGE_SIZE,
  itemLabel = 'Members',
  navLabel = 'Member list pages',
}: MemberPaginationProps) {
  const pageCount = pageCountOf(recordCount, pageSize);
  const first = recordCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, recordCount);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', p: 1 }}>
      <Typography variant="body2" role="status" aria-live="polite">
        {recordCount === 0 ? `No ${itemLabel.toLowerCase()}` : `${itemLabel} ${first}–${last} of ${recordCount}`}
      </Typography>
      <Stack component="nav" aria-label={navLabel} direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
        <Button size="small" disabled={page <= 1} onClick={() => onPage(1)}>
          First
        </Button>
        <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {pageWindow(page, pageCount).map((n) => (
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
