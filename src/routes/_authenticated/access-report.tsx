import { createFileRoute } from '@tanstack/react-router';
import { AccessReportScreen } from '../../features/access-report/components/access-report-screen';
import { accessReportSearch } from '../../features/access-report/access-report-search';
import { loadAccessReport } from '../../features/access-report/load-access-report';

export const Route = createFileRoute('/_authenticated/access-report')({
  staticData: { title: 'Access Report' },
  validateSearch: accessReportSearch.schema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadAccessReport(context, deps),
  component: AccessReportScreen,
});
