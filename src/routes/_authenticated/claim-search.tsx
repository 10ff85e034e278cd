import { createFileRoute } from '@tanstack/react-router';
import { loadClaimList } from '../../features/claim-search/claim-list-query';
import { claimSearch } from '../../features/claim-search/claim-search';
import { ClaimSearchPage } from '../../features/claim-search/components/claim-search-page';

export const Route = createFileRoute('/_authenticated/claim-search')({
  staticData: { title: 'Claim Search' },
  validateSearch: claimSearch.schema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadClaimList(context, deps),
  component: ClaimSearchPage,
});
