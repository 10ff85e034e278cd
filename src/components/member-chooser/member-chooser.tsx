import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useIsFetching } from '@tanstack/react-query';
import { subscriberQueries } from '../../api/subscriber-queries';
import type { Dependent } from '../../contracts/dependents';
import { SUBSCRIBER_PAGE_SIZE, type SubscriberList, type SubscriberSummary } from '../../contracts/subscribers';
import { ListFailure } from '../data-table/list-failure';
import { useEmployerPK } from '../../hooks/use-session';
import { endpoints } from '../../contracts/endpoints';
import { ListPagination } from '../data-table/list-pagination';
import { ExportButton } from '../export/export-button';
import { MemberDependents } from './member-dependents';
import type { MemberListOptions } from './member-list-query';
import { memberPaging, nextSort, pageOf, toSubscriberListQuery, type MemberSearch } from './member-search';
import { MemberSearchForm } from './member-search-form';
import { MemberTable } from './member-table';
import { PendingNoticeModal } from './pending-notice-modal';
import { pendingNoticeFor, type MemberFlow } from './pending-notice';
import { useMemberList } from './use-member-list';
import { useMemberSearch } from './use-member-search';
import { usePendingNotice } from './use-pending-notice';

export type MemberChoice = {
  subscriber: SubscriberSummary;
  /** Set when a dependent of the subscriber was chosen. */
  dependent?: Dependent;
};

type MemberChooserProps = MemberListOptions & {
  onChoose: (choice: MemberChoice) => void;
  /** Rows expand to show dependents that can be chosen too (default true). */
  allowDependents?: boolean;
  /**
   * The flow the choice is for: a member with a pending request of that flow's kind gets the
   * pending-request notice instead of `onChoose`.
   */
  pendingFlow?: MemberFlow;
};

/**
 * Server-paged, sortable, searchable list of the current group's subscribers (and, on expanding a
 * row, their dependents). Its state lives in the URL: the route showing it declares
 * `validateSearch: memberSearchSchema` and, ideally, preloads with `loadMemberList`.
 */
export function MemberChooser({
  onChoose,
  allowDependents = true,
  pendingFlow,
  termedAllowed = true,
}: MemberChooserProps) {
  const [search, setSearch] = useMemberSearch();
  const notice = usePendingNotice();
  const members = useMemberList(search, termedAllowed);

  const choose = (choice: MemberChoice) => {
    const target = choice.dependent ? 'dependent' : 'subscriber';
    const message = pendingFlow && pendingNoticeFor(pendingFlow, choice.subscriber, target);
    if (message) notice.show(message);
    else onChoose(choice);
  };

  return (
    <Stack spacing={2}>
      <MemberSearchForm
        // Remounted when the URL's filters change (Back, a link), so the fields show them.
        key={[search.firstName, search.lastName, search.ssn].join('|')}
        search={search}
        termedAllowed={termedAllowed}
        onSearch={setSearch}
        serverErrors={members.fieldErrors}
      />
      <MemberExport search={search} termedAllowed={termedAllowed} />
      <Paper variant="outlined">
        <FetchingBar />
        {members.failure && (
          <ListFailure
            what="The member list"
            message={members.failure}
            retrying={members.retrying}
            onRetry={members.retry}
          />
        )}
        {members.data ? (
          <MemberResults
            data={members.data}
            search={search}
            termedAllowed={termedAllowed}
            allowDependents={allowDependents}
            onSearch={setSearch}
            onChoose={choose}
          />
        ) : (
          !members.failure && <MemberListSkeleton />
        )}
      </Paper>
      <PendingNoticeModal message={notice.message} onReturn={notice.close} />
    </Stack>
  );
}

function MemberExport({ search, termedAllowed }: { search: MemberSearch; termedAllowed: boolean }) {
  const employerPK = useEmployerPK();
  return (
    <ExportButton
      list="members"
      endpoint={endpoints.memberExport}
      input={(format) => {
        const { firstName, lastName, ssn, includeTermedMembers } = toSubscriberListQuery(search, employerPK, {
          termedAllowed,
        });
        return { body: { employerPK, firstName, lastName, ssn, includeTermedMembers, format } };
      }}
    />
  );
}

type MemberResultsProps = {
  data: SubscriberList;
  search: MemberSearch;
  termedAllowed: boolean;
  allowDependents: boolean;
  onSearch: (patch: Partial<MemberSearch>) => void;
  onChoose: (choice: MemberChoice) => void;
};

function MemberResults({ data, search, termedAllowed, allowDependents, onSearch, onChoose }: MemberResultsProps) {
  const includeTermed = termedAllowed && Boolean(search.termed);

  return (
    <>
      {data.list.length === 0 ? (
        <Typography sx={{ p: 2 }}>
          {pageOf(search) > 1 && data.recordCount > 0
            ? 'There are no members on this page.'
            : 'No members match your search.'}
        </Typography>
      ) : (
        <MemberTable
          members={data.list}
          sort={search.sort}
          onSort={(field) => onSearch(nextSort(search, field))}
          onChoose={(subscriber) => onChoose({ subscriber })}
          renderDetail={
            allowDependents
              ? (subscriber) => (
                  <MemberDependents
                    subscriber={subscriber}
                    includeTermed={includeTermed}
                    onChoose={(dependent) => onChoose({ subscriber, dependent })}
                  />
                )
              : undefined
          }
        />
      )}
      <ListPagination
        {...memberPaging}
        page={pageOf(search)}
        recordCount={data.recordCount}
        onPage={(page) => onSearch({ page })}
      />
    </>
  );
}

export function FetchingBar() {
  const fetching = useIsFetching({ queryKey: subscriberQueries.lists() }) > 0;
  // The bar keeps its height when idle so the table does not jump.
  return fetching ? <LinearProgress aria-label="Loading members" /> : <Box sx={{ height: 4 }} />;
}

export function MemberListSkeleton() {
  return (
    <Stack spacing={1} sx={{ p: 2 }} role="status" aria-label="Loading members">
      {Array.from({ length: Math.min(8, SUBSCRIBER_PAGE_SIZE) }, (_, i) => (
        <Skeleton key={i} variant="rectangular" height={28} />
      ))}
    </Stack>
  );
}
