import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/ui/page-heading';

export const Route = createFileRoute('/_authenticated/request-new-id-card')({
  component: RequestIdCard,
});

function RequestIdCard() {
  return <PageHeading title="Choose a Subscriber or Dependent" />;
}
