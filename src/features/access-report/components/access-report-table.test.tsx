import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AccessEvent } from '../../../contracts/access-report';
import { AccessReportTable } from './access-report-table';

const event = (auditEventPK: number, status: number, actorEmail: string | null): AccessEvent => ({
  auditEventPK,
  at: '2025-03-04T15:30:00.000Z',
  actor: `sub-${auditEventPK}`,
  actorEmail,
  endpoint: 'subscriberDetails',
  action: status < 400 ? 'access.read' : 'access.refused',
  status,
  ip: '10.0.0.1',
  records: ['subscriber:12', 'dependent:40'],
});

describe('AccessReportTable', () => {
  it('shows user, action, outcome, records and address; the subject when there is no email', () => {
    render(
      <AccessReportTable
        events={[event(1, 200, 'hr@example.com'), event(2, 403, null)]}
        sort={{ field: 'at', direction: 'DESC' }}
        onSort={vi.fn()}
      />,
    );
    const [allowed, refused] = screen.getAllByTestId('access-row');
    expect(within(allowed!).getByText('hr@example.com')).toBeInTheDocument();
    expect(within(allowed!).getByText('Allowed (200)')).toBeInTheDocument();
    expect(within(allowed!).getByText('subscriber:12, dependent:40')).toBeInTheDocument();
    expect(within(refused!).getByText('sub-2')).toBeInTheDocument();
    expect(within(refused!).getByText('Refused (403)')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Time' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('reports a click on a header as a sort by that column', async () => {
    const onSort = vi.fn();
    render(
      <AccessReportTable events={[event(1, 200, 'a@b.c')]} sort={{ field: 'at', direction: 'DESC' }} onSort={onSort} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'User' }));
    expect(onSort).toHaveBeenCalledWith('actorEmail');
  });
});
