import { createFileRoute, redirect } from '@tanstack/react-router';

// The wizard starts at its first step; the layout's guard has already refused a role without access ("Access denied").
export const Route = createFileRoute('/_authenticated/enroll-subscriber/')({
  beforeLoad: () => {
    throw redirect({ to: '/enroll-subscriber/personal-information', replace: true });
  },
});
