import { createFileRoute } from '@tanstack/react-router';
import { DEFAULT_EMPLOYER_PK } from '../../contracts/employers';
import { censusQueries } from '../../features/reports/census/api/census-queries';
import { CensusReportScreen } from '../../features/reports/census/census-report-screen';
import { censusSearchSchema } from '../../features/reports/census/census-search';
import { selectCurrentEmployerPK, useAppStore } from '../../stores/app-store';

export const Route = createFileRoute('/_authenticated/census-report')({
  validateSearch: censusSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const employerPK =
      selectCurrentEmployerPK(useAppStore.getState(), context.session.groupRoles) ?? DEFAULT_EMPLOYER_PK;
    // A failure is shown in place with a Retry, so the loader does not turn it into an error page.
    await context.queryClient.ensureQueryData(censusQueries.summary(deps, employerPK)).catch(() => undefined);
  },
  component: CensusReportScreen,
});
