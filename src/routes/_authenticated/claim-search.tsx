import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/claim-search')({
  component: ClaimSearch,
});

function ClaimSearch() {
  return <PageHeading title="Claim Search" />;
}
