import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormTextField } from '../form/form-text-field';
import { ListSearchForm, useFilterForm } from './list-search-form';

const nameFilter = z.object({ name: z.string().trim().max(5, 'At most 5 characters.') });

function NameSearch({ onValid }: { onValid: (values: { name: string }) => void }) {
  const filter = useFilterForm(nameFilter, { name: '' }, onValid);
  return (
    <ListSearchForm label="Search fruit" filter={filter} labels={{ name: 'Name' }} idPrefix="fruit">
      <FormTextField control={filter.form.control} name="name" label="Name" idPrefix="fruit" />
      <button type="submit">Search</button>
    </ListSearchForm>
  );
}

describe('ListSearchForm', () => {
  it('is the search landmark named for its list, and searches with valid values', async () => {
    const onValid = vi.fn();
    render(<NameSearch onValid={onValid} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' fig ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('search', { name: 'Search fruit' })).toBeInTheDocument();
    expect(onValid).toHaveBeenCalledWith({ name: 'fig' }, expect.anything());
  });

  it('lists the errors of a failed search at its top, focused, and does not search', async () => {
    const onValid = vi.fn();
    render(<NameSearch onValid={onValid} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'banana');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const summary = await screen.findByTestId('error-summary');
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent('Name: At most 5 characters.');
    expect(onValid).not.toHaveBeenCalled();
  });
});
