import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../components/errors/not-found-page';

export const Route = createFileRoute('/not-found')({
  staticData: { title: 'Page not found' },
  component: NotFoundRoute,
});

function NotFoundRoute() {
  return (
    <main>
      <NotFoundPage />
    </main>
  );
}
