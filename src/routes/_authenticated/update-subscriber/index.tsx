import { createFileRoute, redirect } from '@tanstack/react-router';

// The flow starts at its chooser; the layout's guard has already refused a role without access ("Access denied").
export const Route = createFileRoute('/_authenticated/update-subscriber/')({
  beforeLoad: () => {
    throw redirect({ to: '/update-subscriber/choose-a-subscriber-or-dependent', replace: true });
  },
});
