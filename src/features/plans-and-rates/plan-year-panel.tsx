import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { planYearQueries } from '../../api/plan-year-queries';
import { RetryAlert } from '../../components/ui/retry-alert';
import type { PlanYearPlan } from '../../contracts/plan-years';
import { PlanCard } from './plan-card';

type PlanYearPanelProps = { employerPK: number; beginDate: string; today: string };

/** The plans of one plan year, division by division. */
export function PlanYearPanel({ employerPK, beginDate, today }: PlanYearPanelProps) {
  const plans = useQuery(planYearQueries.plans(employerPK, beginDate));
  if (plans.isPending) return <Skeleton variant="rounded" height={240} aria-label="Loading the plans" />;
  if (plans.isError)
    return (
      <RetryAlert title="The plans could not be loaded" error={plans.error} onRetry={() => void plans.refetch()} />
    );
  const year = plans.data;
  const byDivision = new Map<string, PlanYearPlan[]>();
  for (const plan of year.plans)
    byDivision.set(plan.divisionName, [...(byDivision.get(plan.divisionName) ?? []), plan]);
  return (
    <Stack spacing={3}>
      {[...byDivision].map(([division, divisionPlans]) => (
        <Stack key={division} spacing={2} component="section" aria-label={`Division ${division}`}>
          <Typography variant="h5" component="h2">
            {division}
          </Typography>
          {divisionPlans.map((plan) => (
            <PlanCard key={plan.planPK} employerPK={employerPK} plan={plan} year={year} ended={year.endDate < today} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
