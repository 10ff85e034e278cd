import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { endpoints } from '../../contracts/endpoints';
import type { PlanYearPlan, PlanYearPlans } from '../../contracts/plan-years';
import { usePlanYearChange } from './plan-year-mutations';

const NONE = 'none';

type PlanSuccessorFieldProps = {
  employerPK: number;
  plan: PlanYearPlan;
  nextYearPlans: PlanYearPlans['nextYearPlans'];
  nextYear: string;
};

/** Which of next year's plans this plan's members move to at open enrollment, or none (they must choose). */
export function PlanSuccessorField({ employerPK, plan, nextYearPlans, nextYear }: PlanSuccessorFieldProps) {
  const change = usePlanYearChange(endpoints.setPlanSuccessor);
  const candidates = nextYearPlans.filter((p) => p.planType === plan.planType && p.divisionPK === plan.divisionPK);
  return (
    <TextField
      select
      size="small"
      id={`plan-${plan.planPK}-successor`}
      label={`Members move to in ${nextYear}`}
      value={plan.successorPlanPK === null ? NONE : String(plan.successorPlanPK)}
      disabled={change.isPending}
      onChange={(event) =>
        change.mutate({
          body: {
            employerPK,
            planPK: plan.planPK,
            successorPlanPK: event.target.value === NONE ? null : Number(event.target.value),
          },
        })
      }
      sx={{ minWidth: 260 }}
    >
      {candidates.map((p) => (
        <MenuItem key={p.planPK} value={String(p.planPK)}>
          {p.planName}
        </MenuItem>
      ))}
      <MenuItem value={NONE}>No successor: members must choose</MenuItem>
    </TextField>
  );
}
