import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RequestItem, RequestStatus } from '../../../contracts/requests';
import { RequestTable } from './request-table';

const item = (pk: number, status: RequestStatus, lastName: string): RequestItem => ({
  pk,
  type: 'NewEnrollment',
  subscriberFirstName: 'Ann',
  subscriberLastName: lastName,
  dateRequested: '2025-03-04T15:30:00.000Z',
  status,
});

const REQUESTS = [
  item(1, 'Submitted', 'Able'),
  item(2, 'Incomplete', 'Baker'),
  item(3, 'HRApproved', 'Cole'),
  item(4, 'Cancelled', 'Dunn'),
];

function renderTable(props: Partial<Parameters<typeof RequestTable>[0]> = {}) {
  const onAction = vi.fn();
  const onSort = vi.fn();
  render(
    <RequestTable requests={REQUESTS} sort={undefined} onSort={onSort} mayApprove onAction={onAction} {...props} />,
  );
  const row = (lastName: string) =>
    screen.getAllByTestId('request-row').find((r) => r.textContent?.includes(lastName))!;
  const actions = (lastName: string) =>
    within(row(lastName))
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s*for .*$/, ''));
  return { onAction, onSort, row, actions };
}

describe('RequestTable', () => {
  it('shows type, names, date and status, newest first marked as the sort', () => {
    const { row } = renderTable();
    expect(
      within(row('Able'))
        .getAllByRole('cell')
        .slice(1, 5)
        .map((c) => c.textContent),
    ).toEqual(['New Enrollment', 'Able', 'Ann', 'Submitted']);
    expect(within(row('Cole')).getByText('HR Approved')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Date Requested' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('offers approval only on submitted requests, and cancel only while cancellable', () => {
    const { actions } = renderTable();
    expect(actions('Able')).toEqual(['View Request', 'Download PDF', 'Approve', 'Cancel Request']);
    expect(actions('Baker')).toEqual(['View Request', 'Download PDF', 'Cancel Request']);
    expect(actions('Cole')).toEqual(['View Request', 'Download PDF']);
    expect(actions('Dunn')).toEqual(['View Request', 'Download PDF']);
  });

  it('offers no approval to a user whose role may not approve', () => {
    const { actions } = renderTable({ mayApprove: false });
    expect(actions('Able')).toEqual(['View Request', 'Download PDF', 'Cancel Request']);
  });

  it('names each button after its row and reports the action and request', async () => {
    const { onAction } = renderTable();
    // jsdom joins the hidden part without the space a browser keeps.
    await userEvent.click(screen.getByRole('button', { name: /^Approve\s*for Ann Able$/ }));
    expect(onAction).toHaveBeenCalledWith('approve', REQUESTS[0]);
    await userEvent.click(screen.getByRole('button', { name: /^Download PDF\s*for Ann Baker$/ }));
    expect(onAction).toHaveBeenCalledWith('pdf', REQUESTS[1]);
  });

  it('reports the clicked column as the server sort field', async () => {
    const { onSort } = renderTable();
    await userEvent.click(within(screen.getByRole('columnheader', { name: 'Last Name' })).getByRole('button'));
    expect(onSort).toHaveBeenCalledWith('subscriberLastName');
  });
});
