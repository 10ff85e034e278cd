import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/terminate-subscriber/choose-a-subscriber-or-dependent')({
  component: TerminateChooser,
});

function TerminateChooser() {
  return <PageHeading title="Terminate Subscriber/Dependent" />;
}
