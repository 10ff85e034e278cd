import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { KeptListPanel, type KeptListKind } from './kept-list-panel';

const CLAIMS: KeptListKind = {
  nouns: ['claim', 'claims'],
  noMatch: 'No claims match your search.',
  paging: { pageSize: 10, pageLinks: 5 },
  queryKey: ['claims', 'list'],
};

type Row = { id: number; name: string };
type Props = ComponentProps<typeof KeptListPanel<Row>>;

const kept = (data?: { list: Row[]; recordCount: number }, failure: string | null = null) => ({
  data,
  failure,
  retrying: false,
  retry: vi.fn(),
});

function renderPanel(props: Partial<Props> & Pick<Props, 'list'>) {
  const onSearch = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <KeptListPanel kind={CLAIMS} search={{}} onSearch={onSearch} {...props}>
        {(rows) => (
          <ul aria-label="Rows">
            {rows.map((row) => (
              <li key={row.id}>{row.name}</li>
            ))}
          </ul>
        )}
      </KeptListPanel>
    </QueryClientProvider>,
  );
  return onSearch;
}

describe('KeptListPanel', () => {
  it('shows grey rows named for the list until its first page comes', () => {
    renderPanel({ list: kept() });
    expect(screen.getByRole('status', { name: 'Loading claims' })).toBeInTheDocument();
  });

  it('says why the list failed above the rows it keeps, and Retry fetches again', async () => {
    const list = kept({ list: [{ id: 1, name: 'Ann' }], recordCount: 1 }, 'The server is busy.');
    renderPanel({ list });
    expect(screen.getByRole('alert')).toHaveTextContent('The claim list could not be loaded: The server is busy.');
    expect(within(screen.getByRole('list', { name: 'Rows' })).getByText('Ann')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(list.retry).toHaveBeenCalled();
  });

  it('tells a page past the last one from a search that matches nothing', () => {
    renderPanel({ list: kept({ list: [], recordCount: 12 }), search: { page: 3 } });
    expect(screen.getByText('There are no claims on this page.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Rows' })).toBeNull();
  });

  it('says so when nothing matches the search', () => {
    renderPanel({ list: kept({ list: [], recordCount: 0 }) });
    expect(screen.getByText('No claims match your search.')).toBeInTheDocument();
  });

  it('says so when the screen’s own filter leaves no row of the page', () => {
    renderPanel({
      list: kept({ list: [{ id: 1, name: 'Ann' }], recordCount: 1 }),
      localFilter: { rows: [], emptyText: 'No claim on this page matches the filter.' },
    });
    expect(screen.getByText('No claim on this page matches the filter.')).toBeInTheDocument();
  });

  it('pages in the list’s words and asks for the page chosen', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i, name: `Row ${i}` }));
    const onSearch = renderPanel({ list: kept({ list: rows, recordCount: 25 }) });
    expect(screen.getByText('Claims 1–10 of 25')).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Claim list pages' })).getByRole('button', { name: 'Page 2' }),
    );
    expect(onSearch).toHaveBeenCalledWith({ page: 2 });
  });
});
