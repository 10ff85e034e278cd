import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { MemberSearchForm } from '../../../components/member-chooser/member-search-form';
import { SelectableMemberList } from '../../../components/member-chooser/selectable-member-list';
import { useMemberSearch } from '../../../components/member-chooser/use-member-search';
import { PageHeading } from '../../../components/ui/page-heading';
import type { EmployerDetails } from '../../../contracts/employers';
import type { SubscriberSummary } from '../../../contracts/subscribers';
import { openModal } from '../../../stores/modal-slice';
import { coverageLoads, type LoadedSubscriber } from '../coverage-loads';
import { CoverageModal } from './coverage-modal';

/** /coverage-inquiry (spec 2 §2 "Coverage inquiry screen"). */
export function CoverageInquiryPage({ group }: { group: EmployerDetails | undefined }) {
  const [search, setSearch] = useMemberSearch();
  const [selectedPK, setSelectedPK] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<LoadedSubscriber | null>(null);
  const [loading, setLoading] = useState(false);
  // Bumped by every selection, so a load finishing after the user moved on opens nothing.
  const selection = useRef(0);
  const queryClient = useQueryClient();

  const select = (member: SubscriberSummary) => {
    selection.current += 1;
    setSelectedPK(member.subscriberPK);
    setLoaded(null);
  };

  const viewCoverage = async (member: SubscriberSummary) => {
    const ticket = ++selection.current;
    const target: LoadedSubscriber = { subscriberPK: member.subscriberPK, includeTermed: Boolean(search.termed) };
    const loads = coverageLoads(target);
    setLoading(true);
    try {
      await Promise.all([
        queryClient.fetchQuery(loads.details),
        queryClient.fetchQuery(loads.dependents),
        // No FSA information is not a reason to withhold the rest.
        queryClient.fetchQuery(loads.fsa).catch(() => undefined),
      ]);
    } catch {
      // The call layer has told the user.
      return;
    } finally {
      setLoading(false);
    }
    if (ticket !== selection.current) return;
    setLoaded(target);
    openModal('coverageInquiryModal');
  };

  return (
    <>
      <PageHeading title="Coverage Inquiry" subtitle="Choose a Subscriber or Dependent" />
      <Stack spacing={2}>
        <MemberSearchForm
          // Remounted when the URL's filters change (Back, a link), so the fields show them.
          key={[search.firstName, search.lastName, search.ssn].join('|')}
          search={search}
          termedAllowed
          onSearch={setSearch}
          ssnLabel="Last 4 digits of SSN"
          idPrefix="coverage-search"
        />
        <SelectableMemberList
          search={search}
          onSearch={setSearch}
          selectedPK={selectedPK}
          onSelect={select}
          toolbar={(selected) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button
                variant="contained"
                disabled={!selected || loading}
                onClick={() => selected && void viewCoverage(selected)}
              >
                View Coverage
              </Button>
              {loading && <CircularProgress size={24} aria-label="Loading coverage" />}
            </Stack>
          )}
        />
      </Stack>
      <CoverageModal loaded={loaded} group={group} />
    </>
  );
}
