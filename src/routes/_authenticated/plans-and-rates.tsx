import { createFileRoute } from '@tanstack/react-router';
import { loadPlanYears } from '../../features/plans-and-rates/load-plan-years';
import { planYearSearch } from '../../features/plans-and-rates/plan-year-search';
import { PlansAndRatesScreen } from '../../features/plans-and-rates/plans-and-rates-screen';

export const Route = createFileRoute('/_authenticated/plans-and-rates')({
  staticData: { title: 'Plans and Rates' },
  validateSearch: planYearSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadPlanYears(context, deps),
  component: PlansAndRatesScreen,
});
