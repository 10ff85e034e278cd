import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { myBenefitsQueries } from '../../api/my-benefits-queries';
import type { Claim } from '../../contracts/claims';
import { MY_CLAIMS_PAGE_SIZE } from '../../contracts/my-benefits';
import { RetryAlert } from '../../components/ui/retry-alert';
import { formatIsoDate } from '../../lib/calendar-date';
import { formatUsd } from '../../lib/format-currency';

/**
 * "My claims": the member's own and their dependents' claims, newest first, a page at a time. A list
 * of cards rather than a table, so that a phone shows every figure without scrolling sideways.
 */
export function MyClaimsSection({ employerPK }: { employerPK: number }) {
  const headingId = useId();
  const [page, setPage] = useState(0);
  // The total of the first page, sent back with the later ones so the server counts once.
  const [knownCount, setKnownCount] = useState<number>();
  const claims = useQuery({
    ...myBenefitsQueries.claims(employerPK, page, page === 0 ? undefined : knownCount),
    placeholderData: keepPreviousData,
  });
  const total = claims.data?.recordCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / MY_CLAIMS_PAGE_SIZE));
  const go = (next: number) => {
    if (knownCount === undefined && claims.data) setKnownCount(claims.data.recordCount);
    setPage(next);
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        My claims
      </Typography>
      {claims.isPending && <Skeleton variant="rounded" height={160} aria-label="Loading your claims" />}
      {claims.isError && (
        <RetryAlert
          title="Your claims could not be loaded"
          error={claims.error}
          onRetry={() => void claims.refetch()}
        />
      )}
      {claims.data && total === 0 && <Typography variant="body2">No claims on record.</Typography>}
      {claims.data && total > 0 && (
        <>
          <List disablePadding aria-busy={claims.isPlaceholderData}>
            {claims.data.list.map((claim) => (
              <ClaimItem key={claim.claimID} claim={claim} />
            ))}
          </List>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 1 }}
          >
            <Typography variant="body2" role="status" aria-live="polite">
              Page {page + 1} of {pages} · {total} {total === 1 ? 'claim' : 'claims'}
            </Typography>
            <Stack component="nav" aria-label="Claim pages" direction="row" spacing={0.5}>
              <Button size="small" disabled={page === 0} onClick={() => go(page - 1)}>
                Previous
              </Button>
              <Button
                size="small"
                disabled={page + 1 >= pages || claims.isPlaceholderData}
                onClick={() => go(page + 1)}
              >
                Next
              </Button>
            </Stack>
          </Stack>
        </>
      )}
    </Paper>
  );
}

function ClaimItem({ claim }: { claim: Claim }) {
  return (
    <ListItem disableGutters divider sx={{ display: 'block' }}>
      <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {formatIsoDate(claim.serviceDate)} · {claim.providerName}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {claim.claimType} for {claim.patientFirstName} {claim.patientLastName}
      </Typography>
      <Typography variant="body2">
        Billed {formatUsd(claim.billedAmount)} · plan paid {formatUsd(claim.planPayment)} · your share{' '}
        {formatUsd(claim.patientOwesAmount)}
      </Typography>
      <Typography variant="body2">
        {claim.paymentDate ? `Paid ${formatIsoDate(claim.paymentDate)}` : 'In-Process'}
      </Typography>
    </ListItem>
  );
}
