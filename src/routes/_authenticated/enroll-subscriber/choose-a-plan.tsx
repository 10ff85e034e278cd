import { createFileRoute } from '@tanstack/react-router';
import { PlanPage } from '../../../features/enrollment/components/plan-page';
import { loadEnrollmentStep, requireEnrollmentRequest } from '../../../features/enrollment/wizard-route';

export const Route = createFileRoute('/_authenticated/enroll-subscriber/choose-a-plan')({
  staticData: { title: 'Enroll Subscriber: Choose a Plan' },
  beforeLoad: requireEnrollmentRequest,
  loader: ({ context }) => loadEnrollmentStep(context, 4),
  component: PlanPage,
});
