import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { endpoints } from '../../contracts/endpoints';
import { IMPORT_FIELDS, type ImportField, type ImportRow, type ImportView } from '../../contracts/imports';
import { isApiError } from '../../lib/api-client';
import { notify } from '../../stores/notification-store';
import { errorLines } from './preview-columns';
import { failureMessage, isMapped } from './upload-labels';
import { useImportChange } from './use-import-change';

const TITLE_ID = 'fix-row-title';
const TEXT_ID = 'fix-row-text';
const SSN_HELP = 'Type the full SSN to replace it';
const MAX_CELL = 200;

type Cells = Partial<Record<ImportField, string>>;

type FixRowDialogProps = {
  /** The row being fixed; kept while the dialog closes. */
  row: ImportRow | null;
  open: boolean;
  view: ImportView;
  employerPK: number;
  onClose: () => void;
  /** After the closing transition: focus goes back to the row's Fix button. */
  onExited: () => void;
};

/** A row's cells, to correct in place; the server checks the row and its family again. */
export function FixRowDialog({ row, open, view, employerPK, onClose, onExited }: FixRowDialogProps) {
  return (
    <Dialog
      open={open && row !== null}
      onClose={onClose}
      aria-labelledby={TITLE_ID}
      aria-describedby={TEXT_ID}
      fullWidth
      maxWidth="md"
      disableRestoreFocus
      slotProps={{ transition: { onExited } }}
    >
      {row && <FixRowForm key={row.rowNumber} row={row} view={view} employerPK={employerPK} onClose={onClose} />}
    </Dialog>
  );
}

/** The fields the dialog offers: those the mapping reads from the file. */
export const fixableFields = (view: Pick<ImportView, 'mapping'>) =>
  IMPORT_FIELDS.filter(({ key }) => isMapped(view, key));

/** The cells sent: every field shown, the SSN only when a full one was typed. */
export function cellsToSend(values: Cells, fields: readonly ImportField[]): Cells {
  const cells: Cells = {};
  for (const field of fields) {
    const value = values[field] ?? '';
    if (field === 'ssn' && value.trim() === '') continue;
    cells[field] = field === 'ssn' ? value.trim() : value;
  }
  return cells;
}

/** A server field error's field: 'cells.firstName', 'firstName'. */
const fieldOfError = (key: string) => key.replace(/^cells\./, '') as ImportField;

function FixRowForm({
  row,
  view,
  employerPK,
  onClose,
}: {
  row: ImportRow;
  view: ImportView;
  employerPK: number;
  onClose: () => void;
}) {
  const fields = fixableFields(view);
  const keys = fields.map(({ key }) => key);
  const form = useForm<Cells>({
    defaultValues: Object.fromEntries(keys.map((key) => [key, key === 'ssn' ? '' : (row.cells[key] ?? '')])),
  });
  const save = useImportChange(endpoints.importFixRow, employerPK, view.importPK);
  // The row's errors after the last save, when some remain.
  const [remaining, setRemaining] = useState<ImportRow | null>(null);
  const shownErrors = errorLines(remaining ?? row);
  const pending = save.isPending;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { body: { employerPK, importPK: view.importPK, rowNumber: row.rowNumber, cells: cellsToSend(values, keys) } },
      {
        onSuccess: ({ rows }) => {
          const fixed = rows.find((candidate) => candidate.rowNumber === row.rowNumber);
          if (fixed && fixed.errors.length > 0) {
            setRemaining(fixed);
            return;
          }
          notify({ severity: 'success', title: `Row ${row.rowNumber} fixed` });
          onClose();
        },
        onError: (error) => {
          // What was typed stays; the fields the server names show its message.
          if (!isApiError(error)) return;
          for (const [key, messages] of Object.entries(error.problem.errors ?? {})) {
            const field = fieldOfError(key);
            if (keys.includes(field) && messages[0]) form.setError(field, { type: 'server', message: messages[0] });
          }
        },
      },
    ),
  );

  return (
    <form noValidate aria-labelledby={TITLE_ID} onSubmit={(event) => void submit(event)}>
      <DialogTitle id={TITLE_ID}>Fix row {row.rowNumber}</DialogTitle>
      {pending && <LinearProgress aria-label="Saving the row" />}
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={TEXT_ID}>
            Correct the row’s values as they should have been in the file. Saving checks the row and its family again.
          </DialogContentText>
          {save.error && (
            <Alert severity="error" role="alert" data-testid="fix-row-failure">
              The row was not saved: {failureMessage(save.error)}
            </Alert>
          )}
          {shownErrors.length > 0 && (
            <Alert
              severity={remaining ? 'warning' : 'info'}
              role={remaining ? 'alert' : undefined}
              data-testid="fix-row-errors"
            >
              <AlertTitle>{remaining ? 'The row still has errors' : 'What is wrong with this row'}</AlertTitle>
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {shownErrors.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </Alert>
          )}
          <Grid container spacing={2}>
            {fields.map(({ key, label }, index) => {
              const error = form.formState.errors[key]?.message;
              const { ref, ...registered } = form.register(key, {
                maxLength: { value: MAX_CELL, message: `At most ${MAX_CELL} characters.` },
              });
              return (
                <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
                  <TextField
                    {...registered}
                    inputRef={ref}
                    id={`fix-${key}`}
                    label={label}
                    fullWidth
                    size="small"
                    autoFocus={index === 0}
                    autoComplete="off"
                    disabled={pending}
                    error={Boolean(error)}
                    helperText={error ?? (key === 'ssn' ? SSN_HELP : undefined)}
                    slotProps={key === 'ssn' ? { htmlInput: { inputMode: 'numeric' } } : undefined}
                  />
                </Grid>
              );
            })}
          </Grid>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          Save row
        </Button>
      </DialogActions>
    </form>
  );
}
