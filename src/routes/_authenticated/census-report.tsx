import { createFileRoute } from '@tanstack/react-router';
import { censusQueries } from '../../features/census-report/api/census-queries';
import { CensusReportScreen } from '../../features/census-report/census-report-screen';
import { censusSearchSchema } from '../../features/census-report/census-search';

export const Route = createFileRoute('/_authenticated/census-report')({
  staticData: { title: 'Census Report' },
  validateSearch: censusSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, employerPK }, deps }) => {
    // A failure is shown in place with a Retry, so the loader does not turn it into an error page.
    await queryClient.ensureQueryData(censusQueries.summary(deps, employerPK)).catch(() => undefined);
  },
  component: CensusReportScreen,
});
