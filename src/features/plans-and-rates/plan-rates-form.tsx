import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../components/form/form-text-field';
import { endpoints } from '../../contracts/endpoints';
import { RATE_PATTERN, RATE_TEXT_MAX, rateAmount, toCents, type PlanYearPlan } from '../../contracts/plan-years';
import { notify } from '../../stores/notification-store';
import { usdOfCents } from '../../lib/money-text';
import { usePlanYearChange } from './plan-year-mutations';

const ratesForm = z.object({
  rates: z.array(
    z.object({ coverageOptionPK: z.number().int(), employeeShare: rateAmount, employerShare: rateAmount }),
  ),
});
type RatesForm = z.input<typeof ratesForm>;

const SHARES = [
  ['employeeShare', 'employee'],
  ['employerShare', 'employer'],
] as const;

const valuesOf = (plan: PlanYearPlan): RatesForm => ({
  rates: plan.rates.map((r) => ({
    coverageOptionPK: r.coverageOptionPK,
    employeeShare: r.employeeShare ?? '',
    employerShare: r.employerShare ?? '',
  })),
});

/** Cents of a typed amount, or null while it is not one yet. */
const centsOrNull = (text: string | undefined) => (text && RATE_PATTERN.test(text.trim()) ? toCents(text) : null);

function RateTotals({
  control,
  index,
  periodsPerYear,
}: {
  control: Control<RatesForm>;
  index: number;
  periodsPerYear: number;
}) {
  const [employee, employer] = useWatch({
    control,
    name: [`rates.${index}.employeeShare`, `rates.${index}.employerShare`],
  });
  const ee = centsOrNull(employee);
  const er = centsOrNull(employer);
  return (
    <>
      <TableCell align="right">{ee !== null && er !== null ? usdOfCents(ee + er) : '—'}</TableCell>
      <TableCell align="right">{ee !== null ? usdOfCents(ee * periodsPerYear) : '—'}</TableCell>
    </>
  );
}

type PlanRatesFormProps = { employerPK: number; plan: PlanYearPlan; periodsPerYear: number; readOnly: boolean };

/** A plan's rates per tier per pay period: the employee's and the employer's share, with the totals they make. */
export function PlanRatesForm({ employerPK, plan, periodsPerYear, readOnly }: PlanRatesFormProps) {
  const save = usePlanYearChange(endpoints.savePlanRates);
  const form = useForm<RatesForm>({ resolver: zodResolver(ratesForm), values: valuesOf(plan) });
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { body: { employerPK, planPK: plan.planPK, rates: ratesForm.parse(values).rates } },
      { onSuccess: () => notify({ severity: 'success', title: `Rates of ${plan.planName} saved` }) },
    ),
  );
  const idPrefix = `plan-${plan.planPK}`;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={`Rates of ${plan.planName}`}>
      {/* A data table may scroll sideways on a phone (WCAG 1.4.10); the page itself does not. */}
      <TableContainer sx={{ mb: 1 }} tabIndex={0} role="region" aria-label={`${plan.planName} rates by tier`}>
        <Table size="small" sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>Tier</TableCell>
              <TableCell>Employee per pay period</TableCell>
              <TableCell>Employer per pay period</TableCell>
              <TableCell align="right">Total per pay period</TableCell>
              <TableCell align="right">Employee per year</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {plan.rates.map((rate, index) => (
              <TableRow key={rate.coverageOptionPK}>
                <TableCell component="th" scope="row">
                  {rate.tierName}
                </TableCell>
                {SHARES.map(([field, who]) => (
                  <TableCell key={field}>
                    <FormTextField
                      control={form.control}
                      name={`rates.${index}.${field}`}
                      label={`${rate.tierName}: ${who}`}
                      idPrefix={idPrefix}
                      inputMode="text"
                      maxLength={RATE_TEXT_MAX}
                      size="small"
                      disabled={readOnly}
                    />
                  </TableCell>
                ))}
                <RateTotals control={form.control} index={index} periodsPerYear={periodsPerYear} />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {!readOnly && (
        <Button type="submit" variant="outlined" loading={save.isPending} disabled={!form.formState.isDirty}>
          Save rates
        </Button>
      )}
    </form>
  );
}
