import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CarrierFileItem } from '../../contracts/carrier-files';
import { CarrierFileTable } from './carrier-file-table';

const delivered: CarrierFileItem = {
  carrierFilePK: 2,
  fileName: '834_G000002_change_000000002.x12',
  kind: 'change',
  createdAt: '2026-11-24T15:30:00.000Z',
  members: 3,
  segments: 41,
  controlNumber: 2,
  status: 'Delivered',
  problems: [],
};
const rejected: CarrierFileItem = {
  ...delivered,
  carrierFilePK: 1,
  fileName: '834_G000002_full_000000001.x12',
  kind: 'full',
  controlNumber: 1,
  status: 'Rejected',
  problems: ['Segment NM1 at position 12: error 8.'],
};

describe('CarrierFileTable', () => {
  it('shows each file with its type, counts, control number and status, and why a file was rejected', () => {
    render(<CarrierFileTable files={[delivered, rejected]} downloading={null} onView={vi.fn()} onDownload={vi.fn()} />);
    const rows = within(screen.getByRole('table', { name: 'Carrier files' }))
      .getAllByRole('row')
      .slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(1, 7)
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual(['834_G000002_change_000000002.x12', 'Change', '3', '41', '2', 'Delivered']);
    expect(cells(rows[1]!)).toEqual([
      '834_G000002_full_000000001.x12',
      'Full',
      '3',
      '41',
      '1',
      'RejectedSegment NM1 at position 12: error 8.',
    ]);
  });

  it('views and downloads the file of the row; a download in progress disables its button', async () => {
    const onView = vi.fn();
    const onDownload = vi.fn();
    render(<CarrierFileTable files={[delivered, rejected]} downloading={1} onView={onView} onDownload={onDownload} />);
    await userEvent.click(screen.getByRole('button', { name: `View ${delivered.fileName}` }));
    expect(onView).toHaveBeenCalledWith(delivered);
    await userEvent.click(screen.getByRole('button', { name: `Download ${delivered.fileName}` }));
    expect(onDownload).toHaveBeenCalledWith(delivered);
    expect(screen.getByRole('button', { name: `Download ${rejected.fileName}` })).toBeDisabled();
  });
});
