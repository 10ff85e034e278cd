import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/invoice')({
  component: Invoice,
});

function Invoice() {
  return <PageHeading title="Admin Invoice" />;
}
