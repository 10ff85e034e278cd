import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { PlanYearPlan, PlanYearPlans } from '../../contracts/plan-years';
import { PlanDetailsDialog } from './plan-details-dialog';
import { PlanRatesForm } from './plan-rates-form';
import { PlanSbcField } from './plan-sbc-field';
import { PlanSuccessorField } from './plan-successor-field';

type PlanCardProps = { employerPK: number; plan: PlanYearPlan; year: PlanYearPlans; ended: boolean };

/** One plan of the year: its codes, its successor next year, its SBC, and its rates. */
export function PlanCard({ employerPK, plan, year, ended }: PlanCardProps) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const nextYear = String(Number(year.beginDate.slice(0, 4)) + 1);
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', mb: 1 }}>
        <div>
          <Typography id={headingId} variant="h6" component="h3">
            {plan.planName}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {plan.planType} · plan code {plan.planCode}
            {plan.networkCode && ` · network ${plan.networkCode}`}
          </Typography>
        </div>
        {year.editable && (
          <Button onClick={() => setEditing(true)} sx={{ alignSelf: 'flex-start' }}>
            Edit plan
          </Button>
        )}
      </Stack>
      {plan.mustChoose && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          No successor in {nextYear}: its members must choose a plan at open enrollment.
        </Alert>
      )}
      {year.nextYearPlans.length > 0 && (
        <Stack sx={{ mb: 2 }}>
          <PlanSuccessorField
            employerPK={employerPK}
            plan={plan}
            nextYearPlans={year.nextYearPlans}
            nextYear={nextYear}
          />
        </Stack>
      )}
      <PlanSbcField employerPK={employerPK} plan={plan} readOnly={ended} />
      {plan.planType === 'FSA' ? (
        <Typography variant="body2">An FSA has no rates: each member elects an amount.</Typography>
      ) : (
        <PlanRatesForm employerPK={employerPK} plan={plan} periodsPerYear={year.periodsPerYear} readOnly={ended} />
      )}
      {editing && (
        <PlanDetailsDialog employerPK={employerPK} plan={plan} open={editing} onClose={() => setEditing(false)} />
      )}
    </Paper>
  );
}
