import Radio from '@mui/material/Radio';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  createColumnHelper,
  functionalUpdate,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataCells } from '../../components/data-table/data-cells';
import { formatIsoDate } from '../../lib/calendar-date';
import { VisuallyHidden } from '../../components/ui/visually-hidden';
import type { DocumentItem } from '../../contracts/documents';

const documentTableFeatures = tableFeatures({ rowSelectionFeature });
const helper = createColumnHelper<typeof documentTableFeatures, DocumentItem>();

const documentColumns = helper.columns([
  helper.accessor('createDate', { header: 'Create Date', cell: (info) => formatIsoDate(info.getValue()) }),
  helper.accessor('documentName', { header: 'Document Name' }),
]);

type DocumentTableProps = {
  /** Tells the radio groups of different screens apart. */
  groupName: string;
  caption: string;
  documents: DocumentItem[];
  selected: string | null;
  onSelect: (documentName: string) => void;
};

/**
 * One page of documents. One row at a time is chosen, by clicking it or with its radio button, so
 * the keyboard works as in any radio group (Tab into the group, arrow keys to move the choice).
 */
export function DocumentTable({ groupName, caption, documents, selected, onSelect }: DocumentTableProps) {
  const rowSelection = useMemo<RowSelectionState>(() => (selected ? { [selected]: true } : {}), [selected]);

  const table = useTable({
    features: documentTableFeatures,
    columns: documentColumns,
    data: documents,
    // The server finds a document by its exact name within the group and type.
    getRowId: (row) => row.documentName,
    state: { rowSelection },
    enableMultiRowSelection: false,
    onRowSelectionChange: (updater) => {
      const ids = Object.keys(functionalUpdate(updater, rowSelection));
      const next = ids.find((id) => id !== selected) ?? ids[0];
      if (next) onSelect(next);
    },
  });

  return (
    <TableContainer>
      <Table size="small">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <TableHead>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              <TableCell padding="checkbox">
                <VisuallyHidden>Select</VisuallyHidden>
              </TableCell>
              {group.headers.map((header) => (
                <TableCell key={header.id} scope="col">
                  <table.FlexRender header={header} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableHead>
        <TableBody>
          {table.getRowModel().rows.map((row) => {
            const isSelected = row.getIsSelected();
            return (
              <TableRow
                key={row.id}
                hover
                selected={isSelected}
                data-testid="document-row"
                onClick={() => row.toggleSelected(true)}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell padding="checkbox">
                  <Radio
                    name={groupName}
                    value={row.id}
                    checked={isSelected}
                    onChange={() => row.toggleSelected(true)}
                    // The row's click already chooses it; the radio must not toggle it back.
                    onClick={(event) => event.stopPropagation()}
                    slotProps={{ input: { 'aria-label': row.original.documentName } }}
                  />
                </TableCell>
                <DataCells row={row} />
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
