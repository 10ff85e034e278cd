import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ChartFigure } from './chart-figure';

const data = {
  labels: ['Jan 2026', 'Feb 2026'],
  series: [{ label: 'Plan payments', values: [1234.5, 0], format: (v: number) => `$${v.toFixed(2)}` }],
};

function renderFigure() {
  return render(
    <ChartFigure title="Claims paid per month" labelHeading="Month" data={data} chart={<svg data-testid="chart" />} />,
  );
}

describe('ChartFigure', () => {
  it('gives screen readers the numbers as a table while the picture stays out of their way', async () => {
    renderFigure();
    const table = screen.getByRole('table', { name: 'Claims paid per month' });
    expect(within(table).getByRole('rowheader', { name: 'Jan 2026' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '$1234.50' })).toBeInTheDocument();
    expect((await screen.findByTestId('chart')).parentElement).toHaveAttribute('inert');
  });

  it('shows the table to everyone on "View data" and hides it again', async () => {
    const user = userEvent.setup();
    renderFigure();
    const toggle = screen.getByRole('button', { name: 'View data' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide data' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('table', { name: 'Claims paid per month' }).closest('[aria-hidden]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hide data' }));
    expect(screen.getByRole('button', { name: 'View data' })).toBeInTheDocument();
  });

  it('takes the screen’s own table as its numbers: no hidden copy and no "View data"', async () => {
    render(
      <ChartFigure title="Members by status" chart={<svg data-testid="chart" />}>
        <table aria-label="Members by status">
          <tbody>
            <tr>
              <th scope="row">Submitted</th>
              <td>700</td>
            </tr>
          </tbody>
        </table>
      </ChartFigure>,
    );
    expect(screen.getAllByRole('table', { hidden: true })).toHaveLength(1);
    expect(screen.getByRole('table', { name: 'Members by status' }).closest('figure')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'View data' })).toBeNull();
    expect((await screen.findByTestId('chart')).parentElement).toHaveAttribute('inert');
  });

  it('draws its chart after its place is painted, and one chart at a time', async () => {
    const mounted: string[] = [];
    function Drawn({ name }: { name: string }) {
      useEffect(() => {
        mounted.push(name);
      }, [name]);
      return <svg data-testid={name} />;
    }
    render(
      <>
        {['first', 'second', 'third'].map((name) => (
          <ChartFigure key={name} title={name} labelHeading="Month" data={data} chart={<Drawn name={name} />} />
        ))}
      </>,
    );
    // The captions are there at once; no chart is drawn in the same pass.
    expect(screen.getAllByRole('figure')).toHaveLength(3);
    expect(mounted).toEqual([]);
    await screen.findByTestId('first');
    expect(mounted).toEqual(['first']);
    await screen.findByTestId('third');
    expect(mounted).toEqual(['first', 'second', 'third']);
  });
});
