import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { FormSelectField, type SelectOption } from '../../../components/form/form-select-field';
import { FormYesNoField } from '../../../components/form/form-yes-no-field';
import type { PlanValues } from '../lib/wizard-values';

type CoverageFieldsProps = {
  control: Control<PlanValues>;
  kind: 'Medical' | 'Dental';
  answerName: 'isMedicalCoverage' | 'isDentalCoverage';
  planName: 'employerPlanPK' | 'employerDentalPlanPK';
  tierName: 'medicalTierPK' | 'dentalTierPK';
  covered: boolean | undefined;
  plans: readonly SelectOption[];
  tiers: readonly SelectOption[];
  /** True while the division's plans or tiers are still loading. */
  loading: boolean;
  onAnswer: (covered: boolean) => void;
  onPlanChange?: (planPK: number | undefined) => void;
};

/** 'Medical Coverage' or 'Dental Coverage' Yes/No, and with Yes the plan and the tier. */
export function CoverageFields({
  control,
  kind,
  answerName,
  planName,
  tierName,
  covered,
  plans,
  tiers,
  loading,
  onAnswer,
  onPlanChange,
}: CoverageFieldsProps) {
  const placeholder = loading ? 'Loading…' : 'Select';
  return (
    <Grid container spacing={2} component="section" aria-label={`${kind} coverage`}>
      <Grid size={12}>
        <FormYesNoField
          control={control}
          name={answerName}
          label={`${kind} Coverage`}
          required
          onValueChange={onAnswer}
        />
      </Grid>
      {covered && (
        <>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormSelectField
              control={control}
              name={planName}
              label={`${kind} Plan`}
              required
              options={plans}
              placeholder={placeholder}
              onValueChange={(value) => onPlanChange?.(typeof value === 'number' ? value : undefined)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormSelectField
              control={control}
              name={tierName}
              label={`${kind} Tier`}
              required
              options={tiers}
              placeholder={placeholder}
            />
          </Grid>
        </>
      )}
    </Grid>
  );
}
