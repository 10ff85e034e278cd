import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormAmountField } from './form-amount-field';
import { FormSelectField } from './form-select-field';
import { FormHarness } from './form-test-utils';
import { FormTextField } from './form-text-field';
import { FormYesNoField } from './form-yes-no-field';

type Values = { phone: string; genderID?: number; covered?: boolean; amount: string; pay?: number };

function renderFields() {
  let form: UseFormReturn<Values> | undefined;
  render(
    <FormHarness<Values> defaultValues={{ phone: '', amount: '' }} onForm={(f) => (form = f)}>
      {({ control }) => (
        <>
          <FormTextField control={control} name="phone" label="Phone" type="tel" maxLength={20} required />
          <FormSelectField
            control={control}
            name="genderID"
            label="Gender"
            options={[
              { value: 1, label: 'Male' },
              { value: 2, label: 'Female' },
            ]}
          />
          <FormYesNoField control={control} name="covered" label="Dental Coverage" />
          <FormAmountField control={control} name="amount" label="Contribution Amount" prefix="$" />
          <FormAmountField control={control} name="pay" label="Pay Rate" valueAs="number" />
        </>
      )}
    </FormHarness>,
  );
  return () => form!;
}

describe('form fields', () => {
  it('text: labelled, limited to maxLength typed characters', async () => {
    const user = userEvent.setup();
    const form = renderFields();
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveAttribute('id', 'field-phone');
    expect(phone).toHaveAttribute('maxLength', '20');
    await user.type(phone, '1'.repeat(25));
    expect(form().getValues('phone')).toBe('1'.repeat(20));
  });

  it('text: the first failing rule’s message under the field, described and invalid', () => {
    const form = renderFields();
    form().setError('phone', {
      type: 'x',
      types: { a: 'All values must be numerical.', b: ['Max 11 characters allowable.'] },
    });
    return screen.findByText('All values must be numerical.').then(() => {
      const phone = screen.getByRole('textbox', { name: 'Phone' });
      expect(phone).toHaveAttribute('aria-invalid', 'true');
      expect(phone).toHaveAccessibleDescription('All values must be numerical.');
      expect(screen.queryByText('Max 11 characters allowable.')).toBeNull();
    });
  });

  it('select: stores the number of the chosen option, undefined for the empty choice', async () => {
    const user = userEvent.setup();
    const form = renderFields();
    const select = screen.getByRole('combobox', { name: 'Gender' });
    await user.selectOptions(select, 'Female');
    expect(form().getValues('genderID')).toBe(2);
    await user.selectOptions(select, 'Select');
    expect(form().getValues('genderID')).toBeUndefined();
  });

  it('yes/no: a labelled radio group storing a boolean', async () => {
    const user = userEvent.setup();
    const form = renderFields();
    const group = screen.getByRole('radiogroup', { name: 'Dental Coverage' });
    expect(form().getValues('covered')).toBeUndefined();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(form().getValues('covered')).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(form().getValues('covered')).toBe(true);
    form().setError('covered', { type: 'x', message: 'Dental Coverage Infromation Is Required!' });
    expect(await screen.findByText('Dental Coverage Infromation Is Required!')).toBeInTheDocument();
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Dental Coverage Infromation Is Required!');
  });

  it('amount: thousands commas and two decimals; text or number as asked', async () => {
    const user = userEvent.setup();
    const form = renderFields();
    const amount = screen.getByRole('textbox', { name: 'Contribution Amount' });
    await user.type(amount, '1250.505');
    expect(amount).toHaveValue('$1,250.50');
    expect(form().getValues('amount')).toBe('1,250.50');
    await user.type(screen.getByRole('textbox', { name: 'Pay Rate' }), '2500.75');
    expect(form().getValues('pay')).toBe(2500.75);
  });
});
