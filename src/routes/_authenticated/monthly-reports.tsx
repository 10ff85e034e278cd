import { createFileRoute } from '@tanstack/react-router';
import { DocumentListScreen } from '../../features/documents/document-list-screen';
import { documentSearch } from '../../features/documents/document-search';
import { loadDocumentList } from '../../features/documents/load-document-list';

export const Route = createFileRoute('/_authenticated/monthly-reports')({
  staticData: { title: 'Monthly Reports' },
  validateSearch: documentSearch.schema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadDocumentList(context, 'monthly', deps),
  component: MonthlyReports,
});

function MonthlyReports() {
  return <DocumentListScreen kind="monthly" />;
}
