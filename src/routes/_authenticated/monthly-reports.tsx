import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/monthly-reports')({
  component: MonthlyReports,
});

function MonthlyReports() {
  return <PageHeading title="Monthly Reports" />;
}
