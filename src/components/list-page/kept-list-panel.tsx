import Paper from '@mui/material/Paper';
import type { QueryKey } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { pageOf } from '../../lib/list-search';
import { ListFailure } from '../data-table/list-failure';
import { ListFetchingBar } from './list-fetching-bar';
import { ListResults } from './list-results';
import { ListSkeleton } from './list-skeleton';

/** A server-paged list read with useKeptList: what its rows are called, its paging and its queries. */
export type KeptListKind = {
  /** A row and rows in lower case ('claim', 'claims'): the panel's texts are made of them. */
  nouns: readonly [one: string, many: string];
  /** Shown when no row matches the filters. */
  noMatch: string;
  paging: { pageSize: number; pageLinks: number };
  /** The list's queries, for the progress bar. */
  queryKey: QueryKey;
};

/** What the panel needs of a useKeptList result. */
type KeptList<Row> = {
  data: { list: Row[]; recordCount: number; countCapped?: boolean } | undefined;
  failure: string | null;
  retrying: boolean;
  retry: () => void;
};

type KeptListPanelProps<Row> = {
  kind: KeptListKind;
  list: KeptList<Row>;
  search: { page?: number };
  onSearch: (patch: { page: number }) => void;
  /** In place of the grey rows while the first page loads. */
  skeleton?: ReactNode;
  /** The page after the screen's own filter, and what to say when that filter leaves no row. */
  localFilter?: { rows: Row[]; emptyText: string };
  /** The rows shown: a table, cards. */
  children: (rows: Row[]) => ReactNode;
};

// One empty list for every render: a new [] each time would start another background pass.
const NO_ROWS: never[] = [];

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The outlined panel of a kept list (see useKeptList): a progress bar, a failure with Retry above the
 * rows it keeps, grey rows until the first page comes, then the rows or why there are none, and the pager.
 */
export function KeptListPanel<Row>({ kind, list, search, onSearch, ...shown }: KeptListPanelProps<Row>) {
  const [one, many] = kind.nouns;
  const loading = `Loading ${many}`;
  const page = pageOf(search);
  // A page's rows render in a background pass React splits into short slices, the skeleton or the
  // previous page staying until they are done: a page of rows is the heaviest render of a list screen.
  const data = useDeferredValue(list.data);
  const rows = useDeferredValue(shown.localFilter?.rows ?? list.data?.list ?? NO_ROWS);
  const emptyText =
    data && data.list.length > 0 && shown.localFilter
      ? shown.localFilter.emptyText
      : page > 1 && data && data.recordCount > 0
        ? `There are no ${many} on this page.`
        : kind.noMatch;
  const pager = { ...kind.paging, itemLabel: capitalized(many), navLabel: `${capitalized(one)} list pages`, page };

  return (
    <Paper variant="outlined">
      <ListFetchingBar queryKey={kind.queryKey} label={loading} />
      {list.failure && (
        <ListFailure what={`The ${one} list`} message={list.failure} retrying={list.retrying} onRetry={list.retry} />
      )}
      {data ? (
        <ListResults
          rowCount={rows.length}
          emptyText={emptyText}
          pager={{
            ...pager,
            recordCount: data.recordCount,
            countCapped: data.countCapped,
            onPage: (next) => onSearch({ page: next }),
          }}
        >
          {shown.children(rows)}
        </ListResults>
      ) : (
        !list.failure && (shown.skeleton ?? <ListSkeleton label={loading} rows={Math.min(8, kind.paging.pageSize)} />)
      )}
    </Paper>
  );
}
