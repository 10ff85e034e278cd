import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/funding-report')({
  component: FundingReport,
});

function FundingReport() {
  return <PageHeading title="Claims Funding Report" />;
}
