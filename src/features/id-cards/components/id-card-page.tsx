import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { subscriberQueries } from '../../../api/subscriber-queries';
import { SelectableMemberList } from '../../../components/member-chooser/selectable-member-list';
import { useMemberSearch } from '../../../components/member-chooser/use-member-search';
import { PageHeading } from '../../../components/ui/page-heading';
import type { SubscriberSummary } from '../../../contracts/subscribers';
import { openModal } from '../../../stores/modal-slice';
import { useRequestIdCard } from '../api/request-id-card';
import { openLatestIdCardPdf } from '../id-card-documents';
import { EMPTY_LOCAL_FILTER, filterMembers, type LocalMemberFilter } from '../local-member-filter';
import { IdCardRequestedModal } from './id-card-requested-modal';
import { LocalFilterFields } from './local-filter-fields';
import { SearchSubscriberModal } from './search-subscriber-modal';
import { ViewIdCardModal, type CardToView } from './view-id-card-modal';

/** /request-new-id-card (spec 2 §2 "Request ID card screen"). */
export function IdCardPage() {
  const [search, setSearch] = useMemberSearch();
  const [filter, setFilter] = useState<LocalMemberFilter>(EMPTY_LOCAL_FILTER);
  const [selectedPK, setSelectedPK] = useState<number | null>(null);
  const [issued, setIssued] = useState<CardToView | null>(null);
  const queryClient = useQueryClient();
  const requestCard = useRequestIdCard();

  const filterRows = useCallback((members: SubscriberSummary[]) => filterMembers(members, filter), [filter]);

  const discardFilter = () => {
    setFilter(EMPTY_LOCAL_FILTER);
    void queryClient.invalidateQueries({ queryKey: subscriberQueries.lists() });
  };

  const request = (member: SubscriberSummary) =>
    requestCard.mutate(
      { query: { subscriberPK: member.subscriberPK } },
      {
        onSuccess: ({ idCardPK }) => {
          setIssued({
            subscriberPK: member.subscriberPK,
            idCardPK,
            firstName: member.firstName,
            lastName: member.lastName,
          });
          openModal('submittedNewIdCard');
        },
      },
    );

  return (
    <>
      <PageHeading title="Request an ID Card" subtitle="Choose a Subscriber or Dependent" />
      <Stack spacing={2}>
        <LocalFilterFields filter={filter} onChange={setFilter} onDiscard={discardFilter} />
        <SelectableMemberList
          search={search}
          onSearch={setSearch}
          selectedPK={selectedPK}
          onSelect={(member) => setSelectedPK(member.subscriberPK)}
          filterRows={filterRows}
          toolbar={(selected) => (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={() => openModal('searchSubscriberModal')}>
                Search
              </Button>
              <Button
                variant="contained"
                disabled={!selected || requestCard.isPending}
                onClick={() => selected && request(selected)}
              >
                Request ID Card
              </Button>
              <Button
                variant="contained"
                disabled={!selected}
                onClick={() => selected && openLatestIdCardPdf(selected)}
              >
                View ID Card
              </Button>
            </Stack>
          )}
        />
      </Stack>
      <SearchSubscriberModal search={search} onSearch={setSearch} />
      <IdCardRequestedModal
        memberName={issued ? `${issued.firstName} ${issued.lastName}` : ''}
        onViewCard={() => openModal('viewIDCardModal')}
      />
      <ViewIdCardModal card={issued} />
    </>
  );
}
