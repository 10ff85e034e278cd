import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/enrollment-manager')({
  component: EnrollmentManager,
});

function EnrollmentManager() {
  return <PageHeading title="Enrollment Submissions" />;
}
