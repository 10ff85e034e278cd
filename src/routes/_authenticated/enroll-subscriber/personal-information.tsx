import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/enroll-subscriber/personal-information')({
  component: PersonalInformation,
});

function PersonalInformation() {
  return <PageHeading title="Personal Information" subtitle="Page 1 of 4" />;
}
