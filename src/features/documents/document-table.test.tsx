import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DocumentTable } from './document-table';

const documents = [
  { createDate: '2025-06-04', documentName: 'Invoice 2025-05.pdf' },
  { createDate: '2025-05-03', documentName: 'Invoice 2025-04.pdf' },
];

function renderTable(selected: string | null, onSelect = vi.fn()) {
  render(
    <DocumentTable
      groupName="document-invoice"
      caption="Admin Invoice"
      documents={documents}
      selected={selected}
      onSelect={onSelect}
    />,
  );
  return onSelect;
}

describe('DocumentTable', () => {
  it('shows Create Date as MM/DD/YYYY and the Document Name', () => {
    renderTable(null);
    const [first] = screen.getAllByTestId('document-row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', '06/04/2025', 'Invoice 2025-05.pdf']);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Select',
      'Create Date',
      'Document Name',
    ]);
  });

  it('chooses a document by a click anywhere on its row', async () => {
    const onSelect = renderTable(null);
    await userEvent.click(screen.getByText('05/03/2025'));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('Invoice 2025-04.pdf');
  });

  it('chooses a document with its radio button, once per press', async () => {
    const onSelect = renderTable('Invoice 2025-05.pdf');
    await userEvent.click(screen.getByRole('radio', { name: 'Invoice 2025-04.pdf' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('Invoice 2025-04.pdf');
  });

  it('checks only the chosen document, in one radio group', () => {
    renderTable('Invoice 2025-04.pdf');
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, true]);
    expect(new Set(radios.map((radio) => radio.getAttribute('name')))).toEqual(new Set(['document-invoice']));
  });
});
