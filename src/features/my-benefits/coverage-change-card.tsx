import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, type Control } from 'react-hook-form';
import type { LifeEventKind, LifeEventOptions } from '../../contracts/life-events';
import { WAIVE_REASONS } from '../../contracts/open-enrollment';
import type { LifeEventFormValues } from './life-event-form-values';

type CoverageChangeCardProps = {
  coverage: LifeEventOptions['coverages'][number];
  kind: LifeEventKind | undefined;
  index: number;
  control: Control<LifeEventFormValues>;
};

/** One coverage type: no change, a new plan or tier (the plan only when the event allows it), or waive. */
export function CoverageChangeCard({ coverage, kind, index, control }: CoverageChangeCardProps) {
  const prefix = `life-event-${coverage.planType.toLowerCase()}`;
  const action = useController({ control, name: `coverages.${index}.action` });
  const plan = useController({ control, name: `coverages.${index}.planPK` });
  const tier = useController({ control, name: `coverages.${index}.coverageOptionPK` });
  const reason = useController({ control, name: `coverages.${index}.waiveReason` });
  const planChange = kind?.allowsPlanChange ?? false;
  const plans = planChange ? coverage.plans : coverage.plans.filter((p) => p.planPK === coverage.current?.planPK);
  const currentName = coverage.plans.find((p) => p.planPK === coverage.current?.planPK)?.planName;
  const currentTier = coverage.tiers.find((t) => t.coverageOptionPK === coverage.current?.coverageOptionPK)?.tierName;
  return (
    <Paper component="section" aria-labelledby={`${prefix}-title`} variant="outlined" sx={{ p: 2 }}>
      <Typography id={`${prefix}-title`} variant="h6" component="h2">
        {coverage.planType}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {currentName ? `Today: ${currentName}${currentTier ? `, ${currentTier}` : ''}` : 'Today: not covered'}
      </Typography>
      <FormControl>
        <FormLabel id={`${prefix}-action`}>With this event</FormLabel>
        <RadioGroup
          aria-labelledby={`${prefix}-action`}
          value={action.field.value}
          onChange={(event) => {
            action.field.onChange(event.target.value);
            // Changing starts from today's plan and tier, the usual case (a new child joins the same plan).
            if (event.target.value === 'change' && plan.field.value === null && coverage.current) {
              plan.field.onChange(coverage.current.planPK);
              tier.field.onChange(coverage.current.coverageOptionPK);
            }
          }}
        >
          <FormControlLabel value="none" control={<Radio />} label="No change" />
          {plans.length > 0 && (
            <FormControlLabel
              value="change"
              control={<Radio />}
              label={planChange ? 'Change plan or who is covered' : 'Change who is covered'}
            />
          )}
          {planChange && coverage.current && (
            <FormControlLabel
              value="waive"
              control={<Radio />}
              label={`End my ${coverage.planType.toLowerCase()} coverage`}
            />
          )}
        </RadioGroup>
      </FormControl>
      {action.field.value === 'change' && (
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            fullWidth
            size="small"
            id={`${prefix}-plan`}
            label="Plan"
            value={plan.field.value === null ? '' : String(plan.field.value)}
            onChange={(event) => plan.field.onChange(Number(event.target.value))}
            error={Boolean(plan.fieldState.error)}
            helperText={plan.fieldState.error?.message}
          >
            {plans.map((p) => (
              <MenuItem key={p.planPK} value={String(p.planPK)}>
                {p.planName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            fullWidth
            size="small"
            id={`${prefix}-tier`}
            label="Who is covered"
            value={tier.field.value === null ? '' : String(tier.field.value)}
            onChange={(event) => tier.field.onChange(Number(event.target.value))}
            error={Boolean(tier.fieldState.error)}
            helperText={tier.fieldState.error?.message}
          >
            {coverage.tiers.map((t) => (
              <MenuItem key={t.coverageOptionPK} value={String(t.coverageOptionPK)}>
                {t.tierName}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      {action.field.value === 'waive' && (
        <TextField
          select
          fullWidth
          size="small"
          id={`${prefix}-reason`}
          label="Why do you end it?"
          value={reason.field.value ?? ''}
          onChange={(event) => reason.field.onChange(event.target.value)}
          error={Boolean(reason.fieldState.error)}
          helperText={reason.fieldState.error?.message}
          sx={{ mt: 1 }}
        >
          {WAIVE_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Paper>
  );
}
