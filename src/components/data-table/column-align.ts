type ColumnLike = { columnDef: { meta?: unknown } };
type ColumnMeta = { numeric?: boolean; sticky?: boolean };

const metaOf = (column: ColumnLike) => (column.columnDef.meta as ColumnMeta | undefined) ?? {};

/** Columns whose `meta` says `numeric: true` line up on the right, header and cells alike. */
export function columnAlign(column: ColumnLike): 'right' | undefined {
  return metaOf(column).numeric ? 'right' : undefined;
}

/**
 * A column whose `meta` says `sticky: true` (the member's or patient's name) stays in view while a
 * narrow screen scrolls the table sideways. It sits after any leading cells (`--sticky-left`).
 */
export function columnStickySx(column: ColumnLike) {
  return metaOf(column).sticky ? stickyCellSx('var(--sticky-left, 0px)') : undefined;
}

export function stickyCellSx(left: string | number) {
  return { position: 'sticky', left, zIndex: 1, bgcolor: 'background.paper' } as const;
}
