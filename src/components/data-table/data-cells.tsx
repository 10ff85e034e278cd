import TableCell from '@mui/material/TableCell';
import { FlexRender, type Row, type RowData, type TableFeatures } from '@tanstack/react-table';
import { columnAlign, columnStickySx } from './column-align';

/** The row's column cells, rendered by their column definitions. */
export function DataCells<TFeatures extends TableFeatures, TData extends RowData>({
  row,
}: {
  row: Row<TFeatures, TData>;
}) {
  return row.getAllCells().map((cell) => (
    <TableCell key={cell.id} align={columnAlign(cell.column)} sx={columnStickySx(cell.column)}>
      <FlexRender cell={cell} />
    </TableCell>
  ));
}
