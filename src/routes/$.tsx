import { createFileRoute, redirect } from '@tanstack/react-router';

// Any unknown path falls back to home (spec 1 §2); the not-found page stays at /not-found.
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
