import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/enroll-subscriber/dependent-information')({
  component: DependentInformation,
});

function DependentInformation() {
  return <PageHeading title="Dependent Information" subtitle="Page 3 of 4" />;
}
