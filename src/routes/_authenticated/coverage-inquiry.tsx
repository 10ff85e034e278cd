import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/coverage-inquiry')({
  component: CoverageInquiry,
});

function CoverageInquiry() {
  return <PageHeading title="Choose a Subscriber or Dependent" />;
}
