import { createFileRoute } from '@tanstack/react-router';
import { loadClaimList } from '../../features/claims/claim-list-query';
import { claimSearchSchema } from '../../features/claims/claim-search';
import { ClaimSearchPage } from '../../features/claims/components/claim-search-page';

export const Route = createFileRoute('/_authenticated/claim-search')({
  staticData: { title: 'Claim Search' },
  validateSearch: claimSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadClaimList(context, deps),
  component: ClaimSearchPage,
});
