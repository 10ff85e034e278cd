/** Columns whose `meta` says `numeric: true` line up on the right, header and cells alike. */
export function columnAlign(column: { columnDef: { meta?: unknown } }): 'right' | undefined {
  return (column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric ? 'right' : undefined;
}
