import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/update-subscriber/choose-a-subscriber-or-dependent')({
  component: UpdateChooser,
});

function UpdateChooser() {
  return <PageHeading title="Update Subscriber/Dependent Demographics" />;
}
