import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { claimQueries } from '../../../api/claim-queries';
import { ExportButton } from '../../../components/list-page/export-button';
import { KeptListPanel, type KeptListKind } from '../../../components/list-page/kept-list-panel';
import { ListPage } from '../../../components/list-page/list-page';
import { CLAIM_PAGE_LINKS, CLAIM_PAGE_SIZE, type Claim } from '../../../contracts/claims';
import { endpoints } from '../../../contracts/endpoints';
import { useKeptList } from '../../../hooks/use-kept-list';
import { useEmployerPK } from '../../../hooks/use-session';
import { openBlobInNewWindow } from '../../../lib/open-document';
import { claimListQuery } from '../claim-list-query';
import { claimSort, eobQuery, toClaimSearchBody } from '../claim-search';
import { useClaimSearch } from '../use-claim-search';
import { ClaimCards } from './claim-cards';
import { ClaimFilterForm } from './claim-filter-form';
import { ClaimSortControl } from './claim-sort-control';
import { ClaimTable } from './claim-table';

const CLAIM_LIST: KeptListKind = {
  nouns: ['claim', 'claims'],
  noMatch: 'No claims match your search.',
  paging: { pageSize: CLAIM_PAGE_SIZE, pageLinks: CLAIM_PAGE_LINKS },
  queryKey: claimQueries.lists(),
};

/** The claim's explanation of benefits in a new window; call it inside the click. */
function openEob(claim: Claim) {
  // The call layer has already shown any failure.
  openBlobInNewWindow(endpoints.claimEobPdf, { query: eobQuery(claim) }, `EOB ${claim.claimNumber}.pdf`).catch(
    () => undefined,
  );
}

/** /claim-search (spec 2 §2 "Claim search screen"). */
export function ClaimSearchPage() {
  const [search, setSearch] = useClaimSearch();
  const [selectedClaimID, setSelectedClaimID] = useState<number | null>(null);
  const employerPK = useEmployerPK();
  // Eleven columns do not fit a phone: there each claim is a card.
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const claims = useKeptList(claimListQuery(search, employerPK));
  // A selection on another page (or search) is no selection.
  const selected = claims.data?.list.find((claim) => claim.claimID === selectedClaimID) ?? null;
  const select = (claim: Claim) => setSelectedClaimID(claim.claimID);

  return (
    <ListPage title="Claim Search">
      <ClaimFilterForm
        key={[search.firstName, search.lastName, search.startDate, search.endDate].join('|')}
        search={search}
        onSearch={setSearch}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'start' }}>
        <Button variant="contained" disabled={!selected} onClick={() => selected && openEob(selected)}>
          Download PDF
        </Button>
        <ExportButton
          list="claims"
          endpoint={endpoints.claimExport}
          input={(format) => {
            const { startDate, endDate, firstName, lastName } = toClaimSearchBody(search);
            return { query: { employerPK }, body: { startDate, endDate, firstName, lastName, format } };
          }}
        />
      </Box>
      <KeptListPanel
        kind={CLAIM_LIST}
        list={claims}
        search={search}
        onSearch={setSearch}
        skeleton={<Skeleton variant="rectangular" height={160} sx={{ m: 2 }} aria-label="Loading claims" />}
      >
        {(rows) =>
          phone ? (
            <>
              <ClaimSortControl sort={search.sort} onSort={(sort) => setSearch({ sort, page: 1 })} />
              <ClaimCards claims={rows} selectedClaimID={selected?.claimID ?? null} onSelect={select} />
            </>
          ) : (
            <ClaimTable
              claims={rows}
              sort={search.sort}
              onSort={(field) => setSearch(claimSort.next(search, field))}
              selectedClaimID={selected?.claimID ?? null}
              onSelect={select}
            />
          )
        }
      </KeptListPanel>
    </ListPage>
  );
}
