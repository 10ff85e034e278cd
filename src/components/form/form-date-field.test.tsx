import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormDateField } from './form-date-field';
import { FormHarness } from './form-test-utils';

type Values = { startDate: string };

function renderDateField(defaultValue: string) {
  let form: UseFormReturn<Values> | undefined;
  render(
    <FormHarness<Values> defaultValues={{ startDate: defaultValue }} onForm={(f) => (form = f)}>
      {({ control }) => (
        <FormDateField control={control} name="startDate" label="Start Date" helperText="As on the contract" />
      )}
    </FormHarness>,
  );
  return () => form!.getValues('startDate');
}

// The picker's calendar renders many nodes; jsdom is slow with it when test files run side by side.
describe('FormDateField', () => {
  it('shows a yyyy-MM-dd value as MM/DD/YYYY and labels the field', () => {
    renderDateField('2000-01-15');
    const group = screen.getByRole('group', { name: 'Start Date' });
    expect(within(group).getByRole('spinbutton', { name: 'Month' })).toHaveTextContent('01');
    expect(within(group).getByRole('spinbutton', { name: 'Day' })).toHaveTextContent('15');
    expect(within(group).getByRole('spinbutton', { name: 'Year' })).toHaveTextContent('2000');
    expect(document.getElementById('field-startDate')).toHaveValue('01/15/2000');
    expect(group).toHaveAccessibleDescription('As on the contract');
  });

  it('stores a date picked in the calendar as a yyyy-MM-dd string', async () => {
    const user = userEvent.setup();
    const value = renderDateField('2000-01-15');
    await user.click(screen.getByRole('button', { name: /Choose Start Date/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('gridcell', { name: '20' }));
    expect(value()).toBe('2000-01-20');
  }, 20_000);

  it('stores a typed MM/DD/YYYY date as yyyy-MM-dd, and no date while one is incomplete', async () => {
    const user = userEvent.setup();
    const value = renderDateField('');
    const group = screen.getByRole('group', { name: 'Start Date' });
    // jsdom has no editable text, so each typed key is handed to the focused section as input.
    const type = (keys: string) => {
      for (const key of keys) {
        const section = document.activeElement as HTMLElement;
        fireEvent.input(section, { target: { textContent: key } });
      }
    };
    await user.click(within(group).getByRole('spinbutton', { name: 'Month' }));
    type('0315');
    expect(value()).toBe('');
    type('1999');
    expect(value()).toBe('1999-03-15');
    // Clearing a section leaves no date, while what is still typed stays on screen.
    fireEvent.input(document.activeElement as HTMLElement, { target: { textContent: '' } });
    expect(value()).toBe('');
    expect(within(group).getByRole('spinbutton', { name: 'Month' })).toHaveTextContent('03');
  });

  it('offers year and month views to jump to another year', async () => {
    const user = userEvent.setup();
    const value = renderDateField('2000-01-15');
    await user.click(screen.getByRole('button', { name: /Choose Start Date/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /calendar view is open, switch to year view/i }));
    await user.click(await within(dialog).findByRole('radio', { name: '1990' }));
    await user.click(await within(dialog).findByRole('radio', { name: 'March' }));
    await user.click(await within(dialog).findByRole('gridcell', { name: '3' }));
    expect(value()).toBe('1990-03-03');
  }, 20_000);

  it('marks the field invalid and describes it by its messages', async () => {
    let form: UseFormReturn<Values> | undefined;
    render(
      <FormHarness<Values> defaultValues={{ startDate: '' }} onForm={(f) => (form = f)}>
        {({ control }) => <FormDateField control={control} name="startDate" label="Start Date" />}
      </FormHarness>,
    );
    form!.setError('startDate', { type: 'x', types: { a: 'Birth date is required', b: 'Another message' } });
    const group = await screen.findByRole('group', { name: 'Start Date' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    // One message at a time: the first failing rule's.
    expect(group).toHaveAccessibleDescription('Birth date is required');
  });

  it('takes focus from the form on its visible month section, not on the hidden input', async () => {
    let form: UseFormReturn<Values> | undefined;
    render(
      <FormHarness<Values> defaultValues={{ startDate: '' }} onForm={(f) => (form = f)}>
        {({ control }) => <FormDateField control={control} name="startDate" label="Start Date" />}
      </FormHarness>,
    );
    const group = await screen.findByRole('group', { name: 'Start Date' });
    form!.setFocus('startDate');
    await waitFor(() => expect(document.activeElement).toBe(within(group).getByRole('spinbutton', { name: 'Month' })));
  });
});
