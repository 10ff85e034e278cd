import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../components/form/form-text-field';
import { endpoints } from '../../contracts/endpoints';
import {
  PLAN_TEXT_LIMITS,
  RATE_TEXT_MAX,
  planDetailsBody,
  type PlanDetailsBody,
  type PlanYearPlan,
} from '../../contracts/plan-years';
import { notify } from '../../stores/notification-store';
import { usePlanYearChange } from './plan-year-mutations';

type PlanDetailsDialogProps = { employerPK: number; plan: PlanYearPlan; open: boolean; onClose: () => void };

/** Renames a plan of a year that has not begun: a new carrier's name, description and codes. */
export function PlanDetailsDialog({ employerPK, plan, open, onClose }: PlanDetailsDialogProps) {
  const titleId = useId();
  const save = usePlanYearChange(endpoints.savePlanDetails);
  const form = useForm<PlanDetailsBody>({
    resolver: zodResolver(planDetailsBody),
    defaultValues: {
      employerPK,
      planPK: plan.planPK,
      planName: plan.planName,
      planDescription: plan.planDescription,
      planCode: plan.planCode,
      networkCode: plan.networkCode,
      oopMaxSingle: plan.oopMaxSingle ?? '',
      oopMaxFamily: plan.oopMaxFamily ?? '',
    },
  });
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { body },
      {
        onSuccess: () => {
          notify({ severity: 'success', title: `${body.planName} saved` });
          onClose();
        },
      },
    ),
  );
  const field = { control: form.control, idPrefix: `plan-details-${plan.planPK}`, required: true } as const;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Edit {plan.planName}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField {...field} name="planName" label="Plan name" maxLength={PLAN_TEXT_LIMITS.planName} />
            <FormTextField
              {...field}
              name="planDescription"
              label="Description"
              maxLength={PLAN_TEXT_LIMITS.planDescription}
            />
            <FormTextField {...field} name="planCode" label="Plan code" maxLength={PLAN_TEXT_LIMITS.planCode} />
            <FormTextField
              {...field}
              name="networkCode"
              label="Network code"
              maxLength={PLAN_TEXT_LIMITS.networkCode}
            />
            {/* Members comparing plans see the worst case: a year's premiums plus this maximum. */}
            <FormTextField
              control={form.control}
              idPrefix={`plan-details-${plan.planPK}`}
              name="oopMaxSingle"
              label="Out-of-pocket maximum, employee alone ($ per year)"
              maxLength={RATE_TEXT_MAX}
            />
            <FormTextField
              control={form.control}
              idPrefix={`plan-details-${plan.planPK}`}
              name="oopMaxFamily"
              label="Out-of-pocket maximum, with dependents ($ per year)"
              maxLength={RATE_TEXT_MAX}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save plan
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
