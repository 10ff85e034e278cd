import Stack from '@mui/material/Stack';
import type { Dependent } from '../../contracts/dependents';
import { endpoints } from '../../contracts/endpoints';
import type { SubscriberSummary } from '../../contracts/subscribers';
import { useEmployerPK } from '../../hooks/use-session';
import { ExportButton } from '../list-page/export-button';
import { Deferred } from '../ui/deferred';
import { KeptListPanel } from '../list-page/kept-list-panel';
import { MemberDependents } from './member-dependents';
import { MEMBER_LIST, type MemberListOptions } from './member-list-query';
import { memberSort, toSubscriberListQuery, type MemberSearch } from './member-search';
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
  const includeTermed = termedAllowed && Boolean(search.termed);

  const choose = (choice: MemberChoice) => {
    const target = choice.dependent ? 'dependent' : 'subscriber';
    const message = pendingFlow && pendingNoticeFor(pendingFlow, choice.subscriber, target);
    if (message) notice.show(message);
    else onChoose(choice);
  };

  const dependentsOf = (subscriber: SubscriberSummary) => (
    <MemberDependents
      subscriber={subscriber}
      includeTermed={includeTermed}
      onChoose={(dependent) => choose({ subscriber, dependent })}
    />
  );

  // The screen's heading paints first; the form and the list follow in slices (nothing sits below them).
  return (
    <Deferred>
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
        <KeptListPanel kind={MEMBER_LIST} list={members} search={search} onSearch={setSearch}>
          {(rows) => (
            <MemberTable
              members={rows}
              sort={search.sort}
              onSort={(field) => setSearch(memberSort.next(search, field))}
              onChoose={(subscriber) => choose({ subscriber })}
              renderDetail={allowDependents ? dependentsOf : undefined}
            />
          )}
        </KeptListPanel>
        <PendingNoticeModal message={notice.message} onReturn={notice.close} />
      </Stack>
    </Deferred>
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
