import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lookupQueries } from '../../api/lookup-queries';
import { loadMemberList } from '../../components/member-chooser/member-list-query';
import { memberSearchSchema } from '../../components/member-chooser/member-search';
import { ChangeCoveragePage } from '../../features/change-coverage/components/change-coverage-page';

// All qualifying events, the less common ones included.
const reasonsQuery = lookupQueries.changePlanReasons(true);

export const Route = createFileRoute('/_authenticated/change-coverage')({
  staticData: { title: 'Change Coverage' },
  validateSearch: memberSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([loadMemberList(context, deps), context.queryClient.ensureQueryData(reasonsQuery)]),
  component: ChangeCoverage,
});

function ChangeCoverage() {
  const { data: reasons } = useSuspenseQuery(reasonsQuery);
  return <ChangeCoveragePage reasons={reasons} />;
}
