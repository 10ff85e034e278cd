import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClaimSortControl } from './claim-sort-control';

describe('ClaimSortControl', () => {
  it('shows the server’s default order when the URL names none', () => {
    render(<ClaimSortControl sort={undefined} onSort={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Service Date');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveDisplayValue('Descending');
  });

  it('offers every column of the table, by its header', () => {
    render(<ClaimSortControl sort="claimNumber ASC" onSort={vi.fn()} />);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(expect.arrayContaining(['First Name', 'Claim#', 'Patient Owes Amount', 'Payment Date']));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Claim#');
  });

  it('changes the column keeping the order, and the order keeping the column', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    render(<ClaimSortControl sort="serviceDate DESC" onSort={onSort} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Billed Amount');
    expect(onSort).toHaveBeenLastCalledWith('billedAmount DESC');
    // The URL has not caught up yet (the prop is still the old sort): the order keeps the new column.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Ascending');
    expect(onSort).toHaveBeenLastCalledWith('billedAmount ASC');
  });

  it('shows the sort of the URL once it changes', () => {
    const { rerender } = render(<ClaimSortControl sort="serviceDate DESC" onSort={vi.fn()} />);
    rerender(<ClaimSortControl sort="paymentDate ASC" onSort={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Payment Date');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveDisplayValue('Ascending');
  });
});
