import { createFileRoute } from '@tanstack/react-router';
import { DocumentListScreen } from '../../features/documents/document-list-screen';
import { documentSearch } from '../../features/documents/document-search';
import { loadDocumentList } from '../../features/documents/load-document-list';

export const Route = createFileRoute('/_authenticated/invoice')({
  staticData: { title: 'Admin Invoice' },
  validateSearch: documentSearch.schema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadDocumentList(context, 'invoice', deps),
  component: Invoice,
});

function Invoice() {
  return <DocumentListScreen kind="invoice" />;
}
