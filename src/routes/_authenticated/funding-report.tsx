import { createFileRoute } from '@tanstack/react-router';
import { DocumentListScreen } from '../../features/reports/documents/document-list-screen';
import { documentSearchSchema } from '../../features/reports/documents/document-search';
import { loadDocumentList } from '../../features/reports/documents/load-document-list';

export const Route = createFileRoute('/_authenticated/funding-report')({
  staticData: { title: 'Claims Funding Report' },
  validateSearch: documentSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadDocumentList(context, 'funding', deps),
  component: FundingReport,
});

function FundingReport() {
  return <DocumentListScreen kind="funding" />;
}
