import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/enroll-subscriber/choose-a-plan')({
  component: ChooseAPlan,
});

function ChooseAPlan() {
  return <PageHeading title="Choose a Plan" subtitle="Page 4 of 4" />;
}
