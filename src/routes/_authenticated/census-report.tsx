import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/census-report')({
  component: CensusReport,
});

function CensusReport() {
  return <PageHeading title="Census Report" />;
}
