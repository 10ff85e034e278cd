import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AccessReportFilters } from './access-report-filters';

describe('AccessReportFilters', () => {
  it('lists a reversed range at the top, focused, keeps what was typed and does not search', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<AccessReportFilters search={{ user: 'hr@' }} onSearch={onSearch} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const summary = await screen.findByTestId('error-summary');
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole('link');
    expect(link).toHaveTextContent(/^To: /);
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('User (email contains)')).toHaveValue('hr@');

    await user.click(link);
    expect(screen.getByLabelText('To')).toHaveFocus();
  });

  it('searches once the range is in order, and the summary goes away', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<AccessReportFilters search={{ from: '2026-03-01', to: '2026-02-01' }} onSearch={onSearch} />);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('error-summary')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ from: '2026-03-01', to: '2026-03-31' }));
    expect(screen.queryByTestId('error-summary')).not.toBeInTheDocument();
  });
});
