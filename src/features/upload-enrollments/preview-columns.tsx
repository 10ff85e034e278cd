import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '@tanstack/react-router';
import { createColumnHelper, tableFeatures } from '@tanstack/react-table';
import type { ImportRow } from '../../contracts/imports';
import { fieldLabel, KIND_COLORS, KIND_LABELS, maskedSsn } from './upload-labels';

// Paging and filtering happen on the server; the table only lays the page out.
export const previewTableFeatures = tableFeatures({});

const helper = createColumnHelper<typeof previewTableFeatures, ImportRow>();

/** What is wrong with a row, as "<column>: <message>" (the file's header, or the field's label). */
export const errorLines = (row: ImportRow) =>
  row.errors.map((error) => `${error.column ?? fieldLabel(error.field)}: ${error.message}`);

/** What an update or name change changes: "<field>: <on file> → <in the file>". */
export const changeLines = (row: ImportRow) =>
  row.changes.map((change) => `${fieldLabel(change.field)}: ${change.from || '(blank)'} → ${change.to || '(blank)'}`);

function RowDetails({ row }: { row: ImportRow }) {
  const errors = errorLines(row);
  const changes = row.kind === 'update' || row.kind === 'identity' ? changeLines(row) : [];
  return (
    <Stack spacing={0.5}>
      {row.committed && (
        <Typography variant="body2">
          <Chip label="Committed" size="small" color="success" variant="outlined" sx={{ mr: 1 }} />
          {row.requestPK !== null && (
            <Link component={RouterLink} to="/enrollment-manager">
              Request {row.requestPK}
            </Link>
          )}
        </Typography>
      )}
      {errors.length > 0 && (
        <Stack component="ul" aria-label={`Errors of row ${row.rowNumber}`} sx={{ m: 0, pl: 2 }}>
          {errors.map((line, i) => (
            <Typography key={i} component="li" variant="body2" sx={{ color: 'error.main' }}>
              {line}
            </Typography>
          ))}
        </Stack>
      )}
      {changes.length > 0 && (
        <Stack component="ul" aria-label={`Changes of row ${row.rowNumber}`} sx={{ m: 0, pl: 2 }}>
          {changes.map((line, i) => (
            <Typography key={i} component="li" variant="body2">
              {line}
            </Typography>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export const previewColumns = helper.columns([
  helper.accessor('rowNumber', { header: 'Row', meta: { numeric: true } }),
  helper.accessor('kind', {
    header: 'Kind',
    cell: (info) => <Chip label={KIND_LABELS[info.getValue()]} color={KIND_COLORS[info.getValue()]} size="small" />,
  }),
  helper.accessor((row) => row.cells.relationship ?? '', { id: 'relationship', header: 'Relationship' }),
  helper.accessor((row) => row.cells.firstName ?? '', { id: 'firstName', header: 'First name' }),
  helper.accessor((row) => row.cells.lastName ?? '', { id: 'lastName', header: 'Last name' }),
  helper.accessor((row) => maskedSsn(row.ssnLast4), { id: 'ssn', header: 'SSN' }),
  helper.accessor((row) => row.cells.dateOfBirth ?? '', { id: 'dateOfBirth', header: 'Date of birth' }),
  helper.display({
    id: 'details',
    header: 'Errors and changes',
    cell: (info) => <RowDetails row={info.row.original} />,
  }),
]);
