import { createFileRoute } from '@tanstack/react-router';
import { DocumentListScreen } from '../../features/documents/document-list-screen';
import { documentSearch } from '../../features/documents/document-search';
import { loadDocumentList } from '../../features/documents/load-document-list';

export const Route = createFileRoute('/_authenticated/funding-report')({
  staticData: { title: 'Claims Funding Report' },
  validateSearch: documentSearch.schema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadDocumentList(context, 'funding', deps),
  component: FundingReport,
});

function FundingReport() {
  return <DocumentListScreen kind="funding" />;
}
