import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/enroll-subscriber/employment-information')({
  component: EmploymentInformation,
});

function EmploymentInformation() {
  return <PageHeading title="Employment Information" subtitle="Page 2 of 4" />;
}
