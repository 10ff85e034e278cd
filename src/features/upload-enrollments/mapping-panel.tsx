import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { endpoints } from '../../contracts/endpoints';
import {
  IMPORT_FIELDS,
  type ImportListField,
  type ImportMapping,
  type ImportValueMappings,
  type ImportView,
} from '../../contracts/imports';
import { notify } from '../../stores/notification-store';
import { failureMessage, fieldLabel, isMapped, plural, REQUIRED_LOOKING_FIELDS } from './upload-labels';
import { useImportChange } from './use-import-change';

const NOT_IN_FILE = '';
/** The empty choice ("Not in file", "Choose…") shows as a value, under its label. */
const SHOW_EMPTY = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

type ValueChoice = { field: ImportListField; value: string; code: string };

const choiceKey = (field: string, value: string) => `${field}\u0000${value}`;

/** The mapping as the file's view holds it, a column index or null for every field. */
export function mappingOf(view: Pick<ImportView, 'mapping'>): ImportMapping {
  return Object.fromEntries(IMPORT_FIELDS.map(({ key }) => [key, view.mapping[key] ?? null])) as ImportMapping;
}

/** The view's value mappings with the user's choices merged in ("Wife" → the Spouse code). */
export function mergeValueMappings(current: ImportValueMappings, choices: readonly ValueChoice[]): ImportValueMappings {
  const merged: ImportValueMappings = { ...current };
  for (const { field, value, code } of choices) merged[field] = { ...merged[field], [value]: code };
  return merged;
}

/** Open by itself while a field every file needs is not mapped, or a value waits for its meaning. */
export const mappingNeedsAttention = (view: ImportView) =>
  view.unmapped.length > 0 || REQUIRED_LOOKING_FIELDS.some((field) => !isMapped(view, field));

type MappingPanelProps = { view: ImportView; employerPK: number };

/**
 * Which column of the file feeds each field, and what the file's unknown list values mean. Applying
 * checks every row again on the server; the counts and the preview then show the outcome.
 */
export function MappingPanel({ view, employerPK }: MappingPanelProps) {
  const [expanded, setExpanded] = useState(() => mappingNeedsAttention(view));
  return (
    <Accordion
      expanded={expanded}
      onChange={(_event, open) => setExpanded(open)}
      variant="outlined"
      disableGutters
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary aria-controls="mapping-panel-content" id="mapping-panel-summary">
        <Typography variant="h6" component="span">
          Column mapping
          {view.unmapped.length > 0 && (
            <Typography component="span" variant="body2" sx={{ ml: 1, color: 'warning.main' }}>
              ({plural(view.unmapped.length, 'value needs', 'values need')} a meaning)
            </Typography>
          )}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        {/* A fresh form for each mapping the server answers. */}
        <MappingForm
          key={JSON.stringify([view.mapping, view.valueMappings, view.unmapped])}
          view={view}
          employerPK={employerPK}
        />
      </AccordionDetails>
    </Accordion>
  );
}

function MappingForm({ view, employerPK }: MappingPanelProps) {
  const [mapping, setMapping] = useState<ImportMapping>(() => mappingOf(view));
  const [values, setValues] = useState<Record<string, string>>({});
  const apply = useImportChange(endpoints.importMapping, employerPK, view.importPK);
  const pending = apply.isPending;

  const submit = () => {
    const choices = view.unmapped.flatMap(({ field, value }) => {
      const code = values[choiceKey(field, value)];
      return code ? [{ field, value, code }] : [];
    });
    apply.mutate(
      {
        body: {
          employerPK,
          importPK: view.importPK,
          mapping,
          valueMappings: mergeValueMappings(view.valueMappings, choices),
        },
      },
      { onSuccess: () => notify({ severity: 'success', title: 'Mapping applied; every row was checked again' }) },
    );
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label="Column mapping"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Typography variant="body2">Choose the file’s column for each field, or “Not in file”.</Typography>
      <Grid container spacing={2}>
        {IMPORT_FIELDS.map(({ key, label }) => (
          <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              select
              fullWidth
              size="small"
              id={`mapping-${key}`}
              label={label}
              disabled={pending}
              slotProps={SHOW_EMPTY}
              value={mapping[key] === null || mapping[key] === undefined ? NOT_IN_FILE : String(mapping[key])}
              onChange={(event) =>
                setMapping((current) => ({
                  ...current,
                  [key]: event.target.value === NOT_IN_FILE ? null : Number(event.target.value),
                }))
              }
            >
              <MenuItem value={NOT_IN_FILE}>
                <em>Not in file</em>
              </MenuItem>
              {view.columns.map((column, index) => (
                <MenuItem key={index} value={String(index)}>
                  {column || `Column ${index + 1}`}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        ))}
      </Grid>
      {view.unmapped.length > 0 && (
        <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
            Values of the file that need a meaning
          </Typography>
          <Grid container spacing={2}>
            {view.unmapped.map(({ field, value, rows }, index) => (
              <Grid key={choiceKey(field, value)} size={{ xs: 12, sm: 6, md: 4 }}>
                <TextField
                  select
                  fullWidth
                  size="small"
                  id={`value-mapping-${index}`}
                  label={`${fieldLabel(field)} “${value}”`}
                  helperText={`${plural(rows, 'row', 'rows')}`}
                  disabled={pending}
                  slotProps={SHOW_EMPTY}
                  value={values[choiceKey(field, value)] ?? ''}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [choiceKey(field, value)]: event.target.value }))
                  }
                >
                  <MenuItem value="">
                    <em>Choose…</em>
                  </MenuItem>
                  {(view.choices[field] ?? []).map((choice) => (
                    <MenuItem key={choice.code} value={choice.code}>
                      {choice.label}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
            ))}
          </Grid>
        </Stack>
      )}
      {pending && <LinearProgress aria-label="Applying the mapping" />}
      {apply.error && (
        <Alert severity="error" role="alert">
          The mapping was not applied: {failureMessage(apply.error)}
        </Alert>
      )}
      <div>
        <Button type="submit" variant="contained" disabled={pending}>
          Apply mapping
        </Button>
      </div>
    </Stack>
  );
}
