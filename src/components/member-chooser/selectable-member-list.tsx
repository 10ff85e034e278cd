import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useDeferredValue, type ReactNode } from 'react';
import type { SubscriberSummary } from '../../contracts/subscribers';
import { useEmployerPK } from '../../hooks/use-session';
import { ListPagination } from '../data-table/list-pagination';
import { FetchingBar, MemberListSkeleton } from './member-chooser';
import { memberListQuery } from './member-list-query';
import { memberPaging, nextSort, pageOf, type MemberSearch } from './member-search';
import { MemberTable } from './member-table';

const SELECT_CAPTION =
  'Members. Column headers sort the list; select a member by clicking its row or pressing Enter or Space on it.';

type SelectableMemberListProps = {
  search: MemberSearch;
  onSearch: (patch: Partial<MemberSearch>) => void;
  /** False: termed members are never listed. */
  termedAllowed?: boolean;
  selectedPK: number | null;
  onSelect: (subscriber: SubscriberSummary) => void;
  /** Narrows the page the server sent (a screen's local filter). */
  filterRows?: (members: SubscriberSummary[]) => SubscriberSummary[];
  /**
   * The screen's buttons, given the selected member while it is on the page shown (a selection on
   * another page or filtered away counts as none).
   */
  toolbar: (selected: SubscriberSummary | null) => ReactNode;
};

/**
 * The chooser's server-paged, sorted list for screens that select a row and then act on it with
 * their own buttons (ID cards, coverage inquiry) instead of going on at the click.
 */
export function SelectableMemberList(props: SelectableMemberListProps) {
  // As in MemberChooser: the rows render after the rest of the screen, and later the rows shown stay
  // until the next page's rows come.
  const search = useDeferredValue<MemberSearch | null>(props.search, null);
  const skeleton = (
    <Stack spacing={2}>
      {props.toolbar(null)}
      <Paper variant="outlined">
        <MemberListSkeleton />
      </Paper>
    </Stack>
  );
  return (
    <Suspense fallback={skeleton}>
      {search ? <SelectableMemberResults {...props} search={search} /> : skeleton}
    </Suspense>
  );
}

function SelectableMemberResults({
  search,
  onSearch,
  termedAllowed = true,
  selectedPK,
  onSelect,
  filterRows,
  toolbar,
}: SelectableMemberListProps) {
  const employerPK = useEmployerPK();
  const { data } = useSuspenseQuery(memberListQuery(search, employerPK, { termedAllowed }));
  const members = filterRows ? filterRows(data.list) : data.list;
  const selected = members.find((m) => m.subscriberPK === selectedPK) ?? null;

  return (
    <Stack spacing={2}>
      {toolbar(selected)}
      <Paper variant="outlined">
        <FetchingBar />
        {members.length === 0 ? (
          <Typography sx={{ p: 2 }}>
            {data.list.length > 0
              ? 'No member on this page matches the filter.'
              : pageOf(search) > 1 && data.recordCount > 0
                ? 'There are no members on this page.'
                : 'No members match your search.'}
          </Typography>
        ) : (
          <MemberTable
            members={members}
            sort={search.sort}
            onSort={(field) => onSearch(nextSort(search, field))}
            onChoose={onSelect}
            selectedPK={selected?.subscriberPK ?? null}
            caption={SELECT_CAPTION}
          />
        )}
        <ListPagination
          {...memberPaging}
          page={pageOf(search)}
          recordCount={data.recordCount}
          onPage={(page) => onSearch({ page })}
        />
      </Paper>
    </Stack>
  );
}
