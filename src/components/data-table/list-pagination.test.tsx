import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListPagination } from './list-pagination';

function renderPagination(props: Partial<Parameters<typeof ListPagination>[0]> = {}) {
  const onPage = vi.fn();
  render(
    <ListPagination
      page={1}
      recordCount={57}
      pageSize={20}
      pageLinks={4}
      itemLabel="Members"
      navLabel="Member list pages"
      onPage={onPage}
      {...props}
    />,
  );
  const nav = screen.getByRole('navigation', { name: props.navLabel ?? 'Member list pages' });
  const pageLinks = () =>
    within(nav)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((b) => b.textContent);
  return { onPage, nav, pageLinks };
}

describe('ListPagination', () => {
  it('shows which rows are on the page', () => {
    renderPagination({ page: 3 });
    expect(screen.getByRole('status')).toHaveTextContent('Members 41–57 of 57');
  });

  it('shows a capped total as a floor, with a hint to narrow the search, and pages only up to it', () => {
    const { nav } = renderPagination({ page: 50, recordCount: 1000, countCapped: true });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Members 981–1000 of 1,000+ (narrow the search to see the rest)',
    );
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Page 50' })).toHaveAttribute('aria-current', 'page');
  });

  it('says the list is empty in the item label', () => {
    renderPagination({ recordCount: 0, itemLabel: 'Requests' });
    expect(screen.getByRole('status')).toHaveTextContent(/^No requests$/);
  });

  it('disables First and Previous on the first page and marks it current', () => {
    const { nav } = renderPagination();
    expect(within(nav).getByRole('button', { name: 'First' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
  });

  it('disables Next and Last on the last page', () => {
    const { nav } = renderPagination({ page: 3 });
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Last' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'First' })).toBeEnabled();
  });

  it('offers a window of page links that stops at the edges', () => {
    expect(renderPagination({ page: 1, recordCount: 200, pageSize: 10, pageLinks: 5 }).pageLinks()).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });

  it('centres the page links on the current page away from the edges', () => {
    expect(renderPagination({ page: 10, recordCount: 200, pageSize: 10, pageLinks: 5 }).pageLinks()).toEqual([
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
  });

  it('keeps the last links in view on the last page', () => {
    expect(renderPagination({ page: 20, recordCount: 200, pageSize: 10, pageLinks: 5 }).pageLinks()).toEqual([
      '16',
      '17',
      '18',
      '19',
      '20',
    ]);
  });

  it('asks for the page chosen', async () => {
    const { nav, onPage } = renderPagination({ page: 2 });
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Previous' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Last' }));
    expect(onPage.mock.calls).toEqual([[3], [1], [3]]);
  });

  describe('with the rows the server returned', () => {
    it('counts those rows in the range', () => {
      renderPagination({ page: 2, recordCount: 25, pageSize: 10, itemLabel: 'Documents', rowCount: 10 });
      expect(screen.getByRole('status')).toHaveTextContent('Documents 11–20 of 25');
    });

    it('names a page past the end', () => {
      renderPagination({ page: 7, recordCount: 25, pageSize: 10, itemLabel: 'Documents', rowCount: 0 });
      expect(screen.getByRole('status')).toHaveTextContent('No documents on page 7 of 3');
    });

    it('says the list is empty', () => {
      renderPagination({ recordCount: 0, itemLabel: 'Documents', rowCount: 0 });
      expect(screen.getByRole('status')).toHaveTextContent(/^No documents$/);
    });
  });
});
