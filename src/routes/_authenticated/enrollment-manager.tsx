import { createFileRoute } from '@tanstack/react-router';
import { EnrollmentManagerPage } from '../../features/requests/components/enrollment-manager-page';
import { loadRequestList } from '../../features/requests/lib/request-list-query';
import { requestSearch } from '../../features/requests/lib/request-search';

export const Route = createFileRoute('/_authenticated/enrollment-manager')({
  staticData: { title: 'Enrollment Submissions' },
  validateSearch: requestSearch.schema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadRequestList(context, deps),
  component: EnrollmentManagerPage,
});
