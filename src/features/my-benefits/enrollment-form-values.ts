import { z } from 'zod';
import { fsaAmount } from '../../contracts/enrollment';
import { submitElectionsBody, type MyEnrollment, type SubmitElectionsBody } from '../../contracts/open-enrollment';

/**
 * The enrollment form: the submission's body, with one FSA amount per FSA plan offered (empty: no FSA
 * of that plan next year). The amount rule is the wizard's.
 */
export const enrollmentFormSchema = submitElectionsBody.extend({
  FSAElections: z.array(z.object({ pk: z.number().int(), amount: z.literal('').or(fsaAmount) })).default([]),
});
export type EnrollmentFormValues = z.input<typeof enrollmentFormSchema>;

/** The form's FSA rows: every plan offered, with the amount of the last submission, if any. */
export const fsaStart = (enrollment: MyEnrollment): EnrollmentFormValues['FSAElections'] =>
  enrollment.fsaPlans.map((plan) => ({
    pk: plan.planPK,
    amount: enrollment.fsaElections.find((e) => e.pk === plan.planPK)?.amount ?? '',
  }));

/** The FSA elections a submission carries: the plans given an amount. */
export const fsaElected = (rows: EnrollmentFormValues['FSAElections']): SubmitElectionsBody['FSAElections'] =>
  (rows ?? []).flatMap((row) => (row.amount === '' ? [] : [{ pk: row.pk, amount: row.amount }]));
