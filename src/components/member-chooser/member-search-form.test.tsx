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
});
