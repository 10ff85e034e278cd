import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { SubscriberSummary } from '../../contracts/subscribers';
import { KeptListPanel } from '../list-page/kept-list-panel';
import { MEMBER_LIST } from './member-list-query';
import { memberSort, type MemberSearch } from './member-search';
import { MemberTable } from './member-table';
import { useMemberList } from './use-member-list';

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
export function SelectableMemberList({
  search,
  onSearch,
  termedAllowed = true,
  selectedPK,
  onSelect,
  filterRows,
  toolbar,
}: SelectableMemberListProps) {
  const list = useMemberList(search, termedAllowed);
  const data = list.data;
  const members = data ? (filterRows ? filterRows(data.list) : data.list) : [];
  const selected = members.find((m) => m.subscriberPK === selectedPK) ?? null;

  return (
    <Stack spacing={2}>
      {toolbar(selected)}
      <KeptListPanel
        kind={MEMBER_LIST}
        list={list}
        search={search}
        onSearch={onSearch}
        localFilter={{ rows: members, emptyText: 'No member on this page matches the filter.' }}
      >
        {(rows) => (
          <MemberTable
            members={rows}
            sort={search.sort}
            onSort={(field) => onSearch(memberSort.next(search, field))}
            onChoose={onSelect}
            selectedPK={selected?.subscriberPK ?? null}
            caption={SELECT_CAPTION}
          />
        )}
      </KeptListPanel>
    </Stack>
  );
}
