import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImportView } from '../../contracts/imports';
import { dateTimeLabel, delimiterLabel, STATUS_LABELS } from './upload-labels';

/** The summary's count chips: what the preview found. */
export function countChips({ counts, format }: Pick<ImportView, 'counts' | 'format'>) {
  const chips = [
    { label: 'New', value: counts.new, color: 'success' },
    { label: 'Updates', value: counts.update, color: 'info' },
    { label: 'Name changes', value: counts.identity, color: 'warning' },
    { label: 'Unchanged', value: counts.unchanged, color: 'default' },
    { label: 'Errors', value: counts.errorRows, color: 'error' },
  ] as const;
  // A roster is the group's whole membership: who it no longer holds is part of what it says.
  return format === 'x12'
    ? [...chips, { label: 'Not in roster', value: counts.termination, color: 'warning' } as const]
    : chips;
}

/** Where the upload's bytes came from and how they were read, its status and what it holds. */
export function UploadSummary({ view }: { view: ImportView }) {
  const source = [
    view.format.toUpperCase(),
    view.encoding ? `Read as ${view.encoding}` : null,
    view.delimiter ? `${delimiterLabel(view.delimiter)}-separated` : null,
  ].filter(Boolean);

  return (
    <Paper component="section" variant="outlined" aria-labelledby="upload-summary-heading" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography id="upload-summary-heading" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {view.fileName}
        </Typography>
        <Typography variant="body2" data-testid="upload-source">
          {source.join(' · ')}
        </Typography>
        <Typography variant="body2">
          Status: <strong>{STATUS_LABELS[view.status]}</strong> · Uploaded {dateTimeLabel(view.createdAt)} ·{' '}
          {view.counts.rows.toLocaleString('en-US')} rows in {view.counts.families.toLocaleString('en-US')} families
        </Typography>
        <Stack
          component="ul"
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}
        >
          {countChips(view).map((chip) => (
            <li key={chip.label}>
              <Chip
                label={`${chip.label}: ${chip.value.toLocaleString('en-US')}`}
                color={chip.value > 0 ? chip.color : 'default'}
                variant={chip.value > 0 ? 'filled' : 'outlined'}
                size="small"
              />
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
