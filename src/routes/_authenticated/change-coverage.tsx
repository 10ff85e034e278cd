import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/change-coverage')({
  component: ChangeCoverage,
});

function ChangeCoverage() {
  return <PageHeading title="Change Coverage" />;
}
