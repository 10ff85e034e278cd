import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { enrollmentQueries } from '../../api/enrollment-queries';
import { importQueries } from '../../api/import-queries';
import { endpoints } from '../../contracts/endpoints';
import { IMPORT_MESSAGES, ROSTER_MAX_BYTES, type ImportView } from '../../contracts/imports';
import { callEndpoint, type ApiError } from '../../lib/api-client';
import { failureMessage } from './upload-labels';

const INPUT_ID = 'roster-file';
const ALL = '';

/** Why a chosen roster is refused before any byte is sent (the server reads it again), or null. */
export function refusalOfRoster(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(834|x12|edi|txt|dat)$/i.test(file.name)) return IMPORT_MESSAGES.rosterType;
  if (file.size > ROSTER_MAX_BYTES) return IMPORT_MESSAGES.rosterTooLarge;
  if (file.size === 0) return IMPORT_MESSAGES.empty;
  return null;
}

type RosterUploadProps = { employerPK: number; onUploaded: (view: ImportView) => void };

/**
 * The operator's roster: a group's X12 834 full file from its previous administrator, read into the
 * same preview. A full file names no division, so the operator says which one its members join.
 */
export function RosterUpload({ employerPK, onUploaded }: RosterUploadProps) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const divisions = useQuery(enrollmentQueries.divisions(employerPK));
  const [division, setDivision] = useState(ALL);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useMutation<ImportView, ApiError, File>({
    mutationFn: (file) =>
      callEndpoint(
        endpoints.importRoster,
        { query: { employerPK, fileName: file.name, ...(division ? { division } : {}) }, body: file },
        { notify: false },
      ),
    onSuccess: async (view) => {
      queryClient.setQueryData(importQueries.view(employerPK, view.importPK).queryKey, view);
      await queryClient.invalidateQueries({ queryKey: importQueries.lists() });
      onUploaded(view);
    },
  });
  const choose = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    upload.reset();
    const refused = refusalOfRoster(file);
    setRefusal(refused);
    if (!refused) upload.mutate(file);
  };
  const failure = refusal ?? (upload.error ? failureMessage(upload.error, 'file') : null);
  const list = divisions.data ?? [];

  return (
    <Stack component="section" aria-labelledby="roster-heading" spacing={1}>
      <Typography id="roster-heading" variant="h6" component="h2">
        Roster from the previous administrator
      </Typography>
      <Typography variant="body2">
        An X12 834 full file: its members, dependents and coverages come into the same preview, with the group’s members
        the file no longer holds listed apart.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {list.length > 1 && (
          <FormControl size="small" sx={{ minWidth: 240 }}>
            <InputLabel id="roster-division-label">Division of its members</InputLabel>
            <Select
              labelId="roster-division-label"
              label="Division of its members"
              value={division}
              onChange={(event) => setDivision(event.target.value)}
            >
              <MenuItem value={ALL}>
                <em>Choose per member in the preview</em>
              </MenuItem>
              {list.map((d) => (
                <MenuItem key={d.pk} value={d.locationCode}>
                  {d.locationCode} - {d.description}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        <Button variant="outlined" disabled={upload.isPending} onClick={() => input.current?.click()}>
          Choose an 834 file
        </Button>
        <input
          ref={input}
          id={INPUT_ID}
          type="file"
          accept=".834,.x12,.edi,.txt,.dat"
          aria-label="Roster file"
          hidden
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Stack>
      {upload.isPending && <LinearProgress aria-label={`Reading ${upload.variables.name}`} />}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
