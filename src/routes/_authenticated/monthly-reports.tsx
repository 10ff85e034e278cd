import { createFileRoute } from '@tanstack/react-router';
import { DocumentListScreen } from '../../features/reports/documents/document-list-screen';
import { documentSearchSchema } from '../../features/reports/documents/document-search';
import { loadDocumentList } from '../../features/reports/documents/load-document-list';

export const Route = createFileRoute('/_authenticated/monthly-reports')({
  staticData: { title: 'Monthly Reports' },
  validateSearch: documentSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadDocumentList(context, 'monthly', deps),
  component: MonthlyReports,
});

function MonthlyReports() {
  return <DocumentListScreen kind="monthly" />;
}
