import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/update-subscriber/update-dependent-information')({
  component: UpdateDependentInformation,
});

function UpdateDependentInformation() {
  return <PageHeading title="Dependent Information" subtitle="Page 2 of 2" />;
}
