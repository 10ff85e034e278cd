import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pageCountOf, pageWindow } from '../../../components/member-chooser/member-search';
import { REQUEST_PAGE_LINKS, REQUEST_PAGE_SIZE } from '../../../contracts/requests';

type RequestPaginationProps = {
  /** One-based. */
  page: number;
  recordCount: number;
  onPage: (page: number) => void;
};

/** First / Previous, five page links, Next / Last (spec 1 §9), plus which rows are shown. */
export function RequestPagination({ page, recordCount, onPage }: RequestPaginationProps) {
  const pageCount = pageCountOf(recordCount, REQUEST_PAGE_SIZE);
  const first = recordCount === 0 ? 0 : (page - 1) * REQUEST_PAGE_SIZE + 1;
  const last = Math.min(page * REQUEST_PAGE_SIZE, recordCount);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', p: 1 }}>
      <Typography variant="body2" role="status" aria-live="polite">
        {recordCount === 0 ? 'No requests' : `Requests ${first}–${last} of ${recordCount}`}
      </Typography>
      <Stack component="nav" aria-label="Request list pages" direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
        <Button size="small" disabled={page <= 1} onClick={() => onPage(1)}>
          First
        </Button>
        <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {pageWindow(page, pageCount, REQUEST_PAGE_LINKS).map((n) => (
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
