import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormHarness } from './form-test-utils';
import { FormSsnField, formatSsnDigits } from './form-ssn-field';

type Values = { ssn: string };

function renderSsn(defaultValue = '', storedLast4?: string) {
  let form: UseFormReturn<Values> | undefined;
  render(
    <FormHarness<Values> defaultValues={{ ssn: defaultValue }} onForm={(f) => (form = f)}>
      {({ control }) => <FormSsnField control={control} name="ssn" label="SSN" storedLast4={storedLast4} />}
    </FormHarness>,
  );
  return { input: screen.getByRole('textbox', { name: 'SSN' }), value: () => form!.getValues('ssn') };
}

describe('FormSsnField', () => {
  it('masks typed digits as 999-99-9999 and stores the masked text', async () => {
    const user = userEvent.setup();
    const { input, value } = renderSsn();
    await user.type(input, '123456789');
    expect(input).toHaveValue('123-45-6789');
    expect(value()).toBe('123-45-6789');
  });

  it('ignores letters and extra digits', async () => {
    const user = userEvent.setup();
    const { input, value } = renderSsn();
    await user.type(input, '12a3-45b67899999');
    expect(value()).toBe('123-45-6789');
  });

  it('stores a partly typed SSN without the mask placeholders, so validation sees its length', async () => {
    const user = userEvent.setup();
    const { value, input } = renderSsn();
    await user.type(input, '1234');
    expect(value()).toBe('123-4');
  });

  it('shows a stored value masked, and the SSN on file while nothing is typed', () => {
    const { input } = renderSsn('', '6789');
    expect(input).toHaveValue('');
    expect(input).toHaveAccessibleDescription('SSN on file ending in 6789');
  });

  it('formats digits like the mask', () => {
    expect(formatSsnDigits('')).toBe('');
    expect(formatSsnDigits('123')).toBe('123');
    expect(formatSsnDigits('12345')).toBe('123-45');
    expect(formatSsnDigits('1234567890')).toBe('123-45-6789');
  });
});
