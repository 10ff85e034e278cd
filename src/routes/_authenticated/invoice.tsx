import { createFileRoute } from '@tanstack/react-router';
import { DocumentListScreen } from '../../features/reports/documents/document-list-screen';
import { documentSearchSchema } from '../../features/reports/documents/document-search';
import { loadDocumentList } from '../../features/reports/documents/load-document-list';

export const Route = createFileRoute('/_authenticated/invoice')({
  staticData: { title: 'Admin Invoice' },
  validateSearch: documentSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadDocumentList(context, 'invoice', deps),
  component: Invoice,
});

function Invoice() {
  return <DocumentListScreen kind="invoice" />;
}
