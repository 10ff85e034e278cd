import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, type Control } from 'react-hook-form';
import { WAIVE_REASONS, type CoverageChoice, type SubmitElectionsBody } from '../../contracts/open-enrollment';
import { usdOfText } from '../../lib/money-text';
import { PlanComparison } from './plan-comparison';

type ElectionCardProps = { choice: CoverageChoice; index: number; control: Control<SubmitElectionsBody> };

/** One coverage type's election: keep today's plan (its successor), change plan or tier, or waive with a reason. */
export function ElectionCard({ choice, index, control }: ElectionCardProps) {
  const prefix = `election-${choice.planType.toLowerCase()}`;
  const action = useController({ control, name: `elections.${index}.action` });
  const plan = useController({ control, name: `elections.${index}.planPK` });
  const tier = useController({ control, name: `elections.${index}.coverageOptionPK` });
  const reason = useController({ control, name: `elections.${index}.waiveReason` });
  const keepName = choice.options.find((o) => o.planPK === choice.keepPlanPK)?.planName;
  return (
    <Paper component="section" aria-labelledby={`${prefix}-title`} variant="outlined" sx={{ p: 2 }}>
      <Typography id={`${prefix}-title`} variant="h6" component="h2">
        {choice.planType}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {choice.current
          ? `Today: ${choice.current.planName}, ${choice.current.tierName}, ${usdOfText(choice.current.employeeShare)} per paycheck`
          : 'Today: not covered'}
      </Typography>
      <FormControl sx={{ mb: 2 }}>
        <FormLabel id={`${prefix}-action`}>Next year</FormLabel>
        <RadioGroup
          aria-labelledby={`${prefix}-action`}
          value={action.field.value}
          onChange={(event) => action.field.onChange(event.target.value)}
        >
          {keepName && <FormControlLabel value="keep" control={<Radio />} label={`Keep my plan: ${keepName}`} />}
          <FormControlLabel value="change" control={<Radio />} label="Choose a plan" />
          <FormControlLabel
            value="waive"
            control={<Radio />}
            label={`Waive ${choice.planType.toLowerCase()} coverage`}
          />
        </RadioGroup>
        {!keepName && choice.current && (
          <FormHelperText>Your plan has no successor next year: choose a plan or waive.</FormHelperText>
        )}
      </FormControl>
      {action.field.value !== 'waive' && (
        <TextField
          select
          fullWidth
          size="small"
          id={`${prefix}-tier`}
          label="Who is covered"
          value={tier.field.value === null ? '' : String(tier.field.value)}
          onChange={(event) => tier.field.onChange(Number(event.target.value))}
          error={Boolean(tier.fieldState.error)}
          helperText={tier.fieldState.error?.message ?? `Costs below are for ${choice.tier.tierName}.`}
          sx={{ mb: 2 }}
        >
          {choice.tiers.map((t) => (
            <MenuItem key={t.coverageOptionPK} value={String(t.coverageOptionPK)}>
              {t.tierName}
            </MenuItem>
          ))}
        </TextField>
      )}
      {action.field.value === 'waive' ? (
        <TextField
          select
          fullWidth
          size="small"
          id={`${prefix}-reason`}
          label="Why do you waive it?"
          value={reason.field.value ?? ''}
          onChange={(event) => reason.field.onChange(event.target.value)}
          error={Boolean(reason.fieldState.error)}
          helperText={reason.fieldState.error?.message}
        >
          {WAIVE_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <>
          <PlanComparison
            choice={choice}
            selected={action.field.value === 'keep' ? choice.keepPlanPK : (plan.field.value ?? null)}
            onSelect={action.field.value === 'change' ? (planPK: number) => plan.field.onChange(planPK) : undefined}
          />
          {plan.fieldState.error && <FormHelperText error>{plan.fieldState.error.message}</FormHelperText>}
        </>
      )}
    </Paper>
  );
}
