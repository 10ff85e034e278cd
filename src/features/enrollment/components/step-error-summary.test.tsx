import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormTextField } from '../../../components/form/form-text-field';
import { ApiError } from '../../../lib/api-client';
import { applyStepServerErrors } from '../lib/server-errors';
import { emptySubscriber, type SubscriberValues } from '../lib/wizard-values';
import { StepErrorSummary } from './step-error-summary';

/** A step form after a save answered 400, as useStepSave applies it. */
function AfterServerErrors({ errors, attempt }: { errors: Record<string, string[]>; attempt: number }) {
  const form = useForm<SubscriberValues>({ defaultValues: emptySubscriber(), criteriaMode: 'all' });
  const error = new ApiError(400, { title: 'Bad Request', status: 400, errors });
  const general = applyStepServerErrors(null, error, 'subscriber')?.general;
  useEffect(() => {
    applyStepServerErrors(form, error, 'subscriber');
    // Applied once, like a save answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <StepErrorSummary form={form} section="subscriber" attempt={attempt} extra={general} />
      <FormTextField control={form.control} name="firstName" label="First Name" />
      <FormTextField control={form.control} name="zipCode" label="Zip Code" />
    </>
  );
}

const serverErrors = {
  'subscriber.zipCode': ['Zipcode must be exactly 5 digits (e.g., 12345) or 9 digits (e.g., 12345-6789).'],
  'subscriber.firstName': [
    'Min of 1 character is required.',
    'Only alpha characters, spaces, hyphens, apostrophes, and graves allowed.',
  ],
  dateOfHire: ['Date of hire must be a valid date.'],
};

describe('StepErrorSummary', () => {
  it('shows nothing before a failed attempt', () => {
    render(<AfterServerErrors errors={serverErrors} attempt={0} />);
    expect(screen.queryByTestId('error-summary')).not.toBeInTheDocument();
  });

  it('lists one server message per field in field order, other steps last, and takes focus', async () => {
    render(<AfterServerErrors errors={serverErrors} attempt={1} />);
    const summary = await screen.findByTestId('error-summary');
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'First Name: Min of 1 character is required.',
      'Zip Code: Zipcode must be exactly 5 digits (e.g., 12345) or 9 digits (e.g., 12345-6789).',
      'Employment Information – Date of Hire: Date of hire must be a valid date.',
    ]);
    // The same message sits under the field.
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveAccessibleDescription(
      'Min of 1 character is required.',
    );
  });

  it('moves to the field from its message', async () => {
    const user = userEvent.setup();
    render(<AfterServerErrors errors={serverErrors} attempt={1} />);
    const summary = await screen.findByTestId('error-summary');
    await user.click(within(summary).getByRole('link', { name: /^Zip Code:/ }));
    expect(screen.getByRole('textbox', { name: 'Zip Code' })).toHaveFocus();
  });
});
