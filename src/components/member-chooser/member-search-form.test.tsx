import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MemberSearchForm } from './member-search-form';

describe('MemberSearchForm', () => {
  it('Clear Search clears every filter, the termed-member box included', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(
      <MemberSearchForm
        search={{ firstName: 'Ann', lastName: 'Lee', ssn: '1234', termed: true, page: 3 }}
        termedAllowed
        onSearch={onSearch}
      />,
    );
    expect(screen.getByLabelText('Display Termed Member')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(onSearch).toHaveBeenCalledWith({
      firstName: undefined,
      lastName: undefined,
      ssn: undefined,
      termed: undefined,
      page: 1,
    });
    expect(screen.getByLabelText('Search Last Name')).toHaveValue('');
  });

  it('Search applies what was typed and starts at the first page', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<MemberSearchForm search={{ page: 2 }} termedAllowed onSearch={onSearch} />);
    await user.type(screen.getByLabelText('Search Last Name'), ' Lee ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({ firstName: '', lastName: 'Lee', ssn: '', page: 1 });
  });

  it('takes exactly 4 SSN digits: fewer are named on the field, focused in the summary, and nothing is searched', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<MemberSearchForm search={{}} termedAllowed onSearch={onSearch} />);
    await user.type(screen.getByLabelText('SSN last 4'), '37');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByTestId('error-summary')).toHaveFocus();
    expect(screen.getByLabelText('SSN last 4')).toHaveAccessibleDescription('Enter the last 4 digits of the SSN.');
    await user.type(screen.getByLabelText('SSN last 4'), '71');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({ firstName: '', lastName: '', ssn: '3771', page: 1 });
    expect(screen.queryByTestId('error-summary')).toBeNull();
  });
});
