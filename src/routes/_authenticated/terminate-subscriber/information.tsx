import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/terminate-subscriber/information')({
  component: TerminationInformation,
});

function TerminationInformation() {
  return <PageHeading title="Termination Information" />;
}
