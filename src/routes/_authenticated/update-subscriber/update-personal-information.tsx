import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/update-subscriber/update-personal-information')({
  component: UpdatePersonalInformation,
});

function UpdatePersonalInformation() {
  return <PageHeading title="Personal Information" subtitle="Page 2 of 2" />;
}
