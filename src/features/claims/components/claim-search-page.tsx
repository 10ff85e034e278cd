import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useIsFetching } from '@tanstack/react-query';
import { useState } from 'react';
import { claimQueries } from '../../../api/claim-queries';
import { ListFailure } from '../../../components/data-table/list-failure';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { ExportButton } from '../../../components/export/export-button';
import { PageHeading } from '../../../components/ui/page-heading';
import { CLAIM_PAGE_LINKS, CLAIM_PAGE_SIZE, type Claim } from '../../../contracts/claims';
import { endpoints } from '../../../contracts/endpoints';
import { useKeptList } from '../../../hooks/use-kept-list';
import { useEmployerPK } from '../../../hooks/use-session';
import { openBlobInNewWindow } from '../../../lib/open-document';
import { claimListQuery } from '../claim-list-query';
import { claimPageOf, eobQuery, nextClaimSort, toClaimSearchBody } from '../claim-search';
import { useClaimSearch } from '../use-claim-search';
import { ClaimCards } from './claim-cards';
import { ClaimFilterForm } from './claim-filter-form';
import { ClaimSortControl } from './claim-sort-control';
import { ClaimTable } from './claim-table';

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
  const data = claims.data;
  // A selection on another page (or search) is no selection.
  const selected = data?.list.find((claim) => claim.claimID === selectedClaimID) ?? null;

  return (
    <>
      <PageHeading title="Claim Search" />
      <Stack spacing={2}>
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
        <Paper variant="outlined">
          <FetchingBar />
          {claims.failure && (
            <ListFailure
              what="The claim list"
              message={claims.failure}
              retrying={claims.retrying}
              onRetry={claims.retry}
            />
          )}
          {!data ? (
            !claims.failure && <Skeleton variant="rectangular" height={160} sx={{ m: 2 }} aria-label="Loading claims" />
          ) : data.list.length === 0 ? (
            <Typography sx={{ p: 2 }}>
              {claimPageOf(search) > 1 && data.recordCount > 0
                ? 'There are no claims on this page.'
                : 'No claims match your search.'}
            </Typography>
          ) : phone ? (
            <>
              <ClaimSortControl sort={search.sort} onSort={(sort) => setSearch({ sort, page: 1 })} />
              <ClaimCards
                claims={data.list}
                selectedClaimID={selected?.claimID ?? null}
                onSelect={(claim) => setSelectedClaimID(claim.claimID)}
              />
            </>
          ) : (
            <ClaimTable
              claims={data.list}
              sort={search.sort}
              onSort={(field) => setSearch(nextClaimSort(search, field))}
              selectedClaimID={selected?.claimID ?? null}
              onSelect={(claim) => setSelectedClaimID(claim.claimID)}
            />
          )}
          {data && (
            <ListPagination
              page={claimPageOf(search)}
              recordCount={data.recordCount}
              pageSize={CLAIM_PAGE_SIZE}
              pageLinks={CLAIM_PAGE_LINKS}
              itemLabel="Claims"
              navLabel="Claim list pages"
              onPage={(page) => setSearch({ page })}
            />
          )}
        </Paper>
      </Stack>
    </>
  );
}

function FetchingBar() {
  const fetching = useIsFetching({ queryKey: claimQueries.lists() }) > 0;
  // Keeps its height when idle so the table does not jump.
  return fetching ? <LinearProgress aria-label="Loading claims" /> : <Box sx={{ height: 4 }} />;
}
