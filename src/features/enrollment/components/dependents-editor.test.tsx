import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { useDependentsEditor } from '../hooks/use-dependents-editor';
import { dependentsResolver } from '../lib/dependents-resolver';
import { emptyDependent, type DependentValues, type DependentsValues } from '../lib/wizard-values';
import { DependentsEditor } from './dependents-editor';

const options = {
  genders: [
    { value: 1, label: 'Male' },
    { value: 2, label: 'Female' },
  ],
  relationships: [
    { value: 1, label: 'Spouse' },
    { value: 3, label: 'Child' },
    { value: 24, label: 'Domestic Partner' },
  ],
};

const valid = (firstName: string, extra: Partial<DependentValues> = {}): DependentValues => ({
  ...emptyDependent(),
  firstName,
  lastName: 'Doe',
  ssn: '123-45-6789',
  dateOfBirth: '2015-04-01',
  relationshipPK: 3,
  genderPK: 1,
  ...extra,
});

function Editor({
  initial,
  onSkip,
  onForm,
}: {
  initial: DependentValues[];
  onSkip: () => void;
  onForm: (f: UseFormReturn<DependentsValues>) => void;
}) {
  const form = useForm<DependentsValues>({
    defaultValues: { dependents: initial },
    resolver: dependentsResolver(false),
    criteriaMode: 'all',
  });
  onForm(form);
  const editor = useDependentsEditor(form, () => undefined);
  return <DependentsEditor control={form.control} editor={editor} options={options} onSkip={onSkip} />;
}

function renderEditor(initial: DependentValues[] = [emptyDependent()]) {
  const onSkip = vi.fn();
  let form: UseFormReturn<DependentsValues> | undefined;
  render(<Editor initial={initial} onSkip={onSkip} onForm={(f) => (form = f)} />);
  return { onSkip, form: () => form! };
}

const heading = () => screen.getByRole('heading', { level: 2 });
const addButton = () => screen.getByRole('button', { name: 'Add Another Dependent' });

describe('DependentsEditor', () => {
  it('starts with one empty dependent form, no list, and offers Skip', async () => {
    const user = userEvent.setup();
    const { onSkip } = renderEditor();
    expect(heading()).toHaveTextContent('Dependent 1 of 1');
    expect(screen.getByRole('textbox', { name: /First Name/ })).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Dependents' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(onSkip).toHaveBeenCalledOnce();
  });

  it('adds another dependent only when the current one validates, else shows its errors', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'Amy');
    await user.click(addButton());
    expect(heading()).toHaveTextContent('Dependent 1 of 1');
    expect(await screen.findByText('Min of 1 character is required.')).toBeVisible();
    expect(screen.getByText('SSN required')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Last Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Skip' })).toBeVisible();
  });

  it('adds a blank dependent after a valid one, lists both, and hides Skip', async () => {
    const user = userEvent.setup();
    renderEditor([valid('Amy')]);
    await user.click(addButton());
    expect(heading()).toHaveTextContent('Dependent 2 of 2');
    expect(screen.getByRole('textbox', { name: /First Name/ })).toHaveValue('');
    const list = screen.getByRole('list', { name: 'Dependents' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Amy Doe', 'Dependent 2']);
    expect(within(list).getByRole('button', { name: 'Delete dependent Amy Doe' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
  });

  it('switches to another dependent only when the current one is valid', async () => {
    const user = userEvent.setup();
    renderEditor([valid('Amy'), valid('Ben')]);
    const list = screen.getByRole('list', { name: 'Dependents' });
    await user.click(within(list).getByRole('button', { name: 'Ben Doe' }));
    expect(heading()).toHaveTextContent('Dependent 2 of 2');
    expect(screen.getByRole('textbox', { name: /First Name/ })).toHaveValue('Ben');

    await user.clear(screen.getByRole('textbox', { name: /First Name/ }));
    await user.click(within(list).getByRole('button', { name: 'Amy Doe' }));
    expect(heading()).toHaveTextContent('Dependent 2 of 2');
    expect(await screen.findByText('Min of 1 character is required.')).toBeVisible();
  });

  it('deletes a dependent and goes back to the first', async () => {
    const user = userEvent.setup();
    const { form } = renderEditor([valid('Amy'), valid('Ben'), valid('Cal')]);
    const list = screen.getByRole('list', { name: 'Dependents' });
    await user.click(within(list).getByRole('button', { name: 'Cal Doe' }));
    expect(heading()).toHaveTextContent('Dependent 3 of 3');
    await user.click(within(list).getByRole('button', { name: 'Delete dependent Ben Doe' }));
    expect(heading()).toHaveTextContent('Dependent 1 of 2');
    expect(screen.getByRole('textbox', { name: /First Name/ })).toHaveValue('Amy');
    expect(
      form()
        .getValues('dependents')
        .map((d) => d.firstName),
    ).toEqual(['Amy', 'Cal']);

    // Down to one: no list, no delete control, Skip is back.
    await user.click(
      within(screen.getByRole('list', { name: 'Dependents' })).getByRole('button', {
        name: 'Delete dependent Cal Doe',
      }),
    );
    expect(screen.queryByRole('list', { name: 'Dependents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete dependent/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeVisible();
  });

  it('offers only the relationships Spouse, Child and Domestic Partner', () => {
    renderEditor();
    const relationship = screen.getByRole('combobox', { name: /Relationship/ });
    expect(
      within(relationship)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select', 'Spouse', 'Child', 'Domestic Partner']);
  });

  it('accepts a dependent whose SSN is on file without retyping it', async () => {
    const user = userEvent.setup();
    renderEditor([valid('Amy', { ssn: '', ssnLast4: '1234' })]);
    expect(screen.getByRole('textbox', { name: /SSN/ })).toHaveAccessibleDescription('SSN on file ending in 1234');
    await user.click(addButton());
    expect(heading()).toHaveTextContent('Dependent 2 of 2');
  });
});
