import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormHarness } from '../../../components/form/form-test-utils';
import { FSA_MESSAGES } from '../../../contracts/enrollment';
import { emptyPlan, type PlanValues } from '../lib/wizard-values';
import { FsaElections } from './fsa-elections';

const plans = [
  { value: 31, label: 'Health Care FSA' },
  { value: 32, label: 'Dependent Care FSA' },
];

function renderFsa() {
  let form: UseFormReturn<PlanValues> | undefined;
  render(
    <FormHarness<PlanValues> defaultValues={{ ...emptyPlan(), isFSA: true }} onForm={(f) => (form = f)}>
      {(f) => <FsaElections form={f} plans={plans} loading={false} />}
    </FormHarness>,
  );
  return () => form!.getValues('FSAElections');
}

const plan = () => screen.getByRole('combobox', { name: 'FSA Plan' });
const amount = () => screen.getByRole('textbox', { name: 'Contribution Amount' });
const add = () => screen.getByRole('button', { name: 'Add FSA Election' });

describe('FsaElections', () => {
  it('refuses an election without both plan and amount, and says why', async () => {
    const user = userEvent.setup();
    const elections = renderFsa();
    await user.click(add());
    expect(screen.getByRole('alert')).toHaveTextContent(FSA_MESSAGES.incomplete);
    await user.selectOptions(plan(), 'Health Care FSA');
    await user.click(add());
    expect(screen.getByRole('alert')).toHaveTextContent(FSA_MESSAGES.incomplete);
    expect(elections()).toEqual([]);
  });

  it('adds an election, lists it, and empties the inputs', async () => {
    const user = userEvent.setup();
    const elections = renderFsa();
    await user.selectOptions(plan(), 'Health Care FSA');
    await user.type(amount(), '1250');
    await user.click(add());
    expect(elections()).toEqual([{ pk: 31, amount: '1,250' }]);
    expect(screen.getByRole('alert')).toHaveTextContent('');
    const list = screen.getByRole('list', { name: 'FSA elections' });
    expect(within(list).getByText('Health Care FSA')).toBeVisible();
    expect(within(list).getByText('$1,250')).toBeVisible();
    expect(plan()).toHaveValue('');
    expect(amount()).toHaveValue('');
  });

  it('refuses the same FSA plan twice', async () => {
    const user = userEvent.setup();
    const elections = renderFsa();
    await user.selectOptions(plan(), 'Health Care FSA');
    await user.type(amount(), '500.00');
    await user.click(add());
    await user.selectOptions(plan(), 'Health Care FSA');
    await user.type(amount(), '100');
    await user.click(add());
    expect(screen.getByRole('alert')).toHaveTextContent(FSA_MESSAGES.duplicate);
    expect(elections()).toEqual([{ pk: 31, amount: '500.00' }]);
  });

  it('removes an election with its own button', async () => {
    const user = userEvent.setup();
    const elections = renderFsa();
    for (const [name, value] of [
      ['Health Care FSA', '500'],
      ['Dependent Care FSA', '2,000.00'],
    ] as const) {
      await user.selectOptions(plan(), name);
      await user.type(amount(), value);
      await user.click(add());
    }
    expect(elections().map((e) => e.pk)).toEqual([31, 32]);
    await user.click(screen.getByRole('button', { name: 'Remove FSA election Health Care FSA' }));
    expect(elections()).toEqual([{ pk: 32, amount: '2,000.00' }]);
  });
});
