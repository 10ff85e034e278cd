import { QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SuspenseListPanel } from './suspense-list-panel';

function Fruit({ load }: { load: () => Promise<string> }) {
  const { data } = useSuspenseQuery({ queryKey: ['fruit'], queryFn: load });
  return <p>{data}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('SuspenseListPanel', () => {
  it('shows the fallback, then a failure in the list’s place whose Retry loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('Figs');
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SuspenseListPanel
          resetKey="1"
          what="Fruit list"
          fallback={<p>Loading fruit</p>}
          failure={(error, retry) => (
            <button type="button" onClick={retry}>
              Retry after {error instanceof Error ? error.message : ''}
            </button>
          )}
        >
          <Fruit load={load} />
        </SuspenseListPanel>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Loading fruit')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry after down' }));
    expect(await screen.findByText('Figs')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Fruit list failed', expect.any(Error));
  });
});
