import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { CLAIM_SORT_FIELDS } from '../../../contracts/claims';
import { claimSort, type ClaimSortField } from '../claim-search';
import { CLAIM_COLUMN_LABELS } from './claim-columns';

type ClaimSortControlProps = {
  /** The sort the page was fetched with ('<field> <ASC|DESC>'). */
  sort: string | undefined;
  onSort: (sort: string) => void;
};

const DIRECTIONS = [
  ['ASC', 'Ascending'],
  ['DESC', 'Descending'],
] as const;

/** The cards' sort on a phone, where there are no column headers: the column, then the order. */
export function ClaimSortControl({ sort, onSort }: ClaimSortControlProps) {
  // The URL follows a choice only after the next paint: until it does, the last choice stands, so a
  // quick change of the order right after the column keeps that new column.
  const [chosen, setChosen] = useState(sort);
  const [shown, setShown] = useState(sort);
  if (sort !== shown) {
    setShown(sort);
    setChosen(sort);
  }
  const { field, direction } = claimSort.parse(chosen);
  const choose = (next: string) => {
    setChosen(next);
    onSort(next);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ px: 1, pt: 1 }}>
      <TextField
        id="claim-sort-field"
        label="Sort by"
        size="small"
        select
        fullWidth
        value={field}
        onChange={(event) => choose(`${event.target.value as ClaimSortField} ${direction}`)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {CLAIM_SORT_FIELDS.map((name) => (
          <option key={name} value={name}>
            {CLAIM_COLUMN_LABELS[name]}
          </option>
        ))}
      </TextField>
      <TextField
        id="claim-sort-direction"
        label="Order"
        size="small"
        select
        value={direction}
        onChange={(event) => choose(`${field} ${event.target.value}`)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 136 }}
      >
        {DIRECTIONS.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
