import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { importQueries } from '../../api/import-queries';
import { endpoints } from '../../contracts/endpoints';
import type { ImportView } from '../../contracts/imports';
import { callEndpoint, type ApiError } from '../../lib/api-client';
import { formatBytes } from '../../lib/format-bytes';
import { IMPORT_ACCEPT, refusalOfFile } from './file-check';
import { failureMessage } from './upload-labels';

const INPUT_ID = 'upload-enrollments-file';
const HINT_ID = 'upload-enrollments-file-hint';

type FileDropProps = {
  employerPK: number;
  /** The preview of the uploaded file is ready. */
  onUploaded: (view: ImportView) => void;
};

/**
 * The file chooser: a button (the keyboard's way) and an area files can be dropped on. A file of
 * another type or over 20 MB is refused here before any byte is sent; the server's refusal of a file
 * (a 400 with its reason) is shown in place and another file can be chosen at once.
 */
export function FileDrop({ employerPK, onUploaded }: FileDropProps) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useMutation<ImportView, ApiError, File>({
    mutationFn: (file) =>
      callEndpoint(
        endpoints.importUpload,
        { query: { employerPK, fileName: file.name }, body: file },
        // Told in place, whatever failed: the chooser stays usable for another try.
        { notify: false },
      ),
    onSuccess: async (view) => {
      queryClient.setQueryData(importQueries.view(employerPK, view.importPK).queryKey, view);
      await queryClient.invalidateQueries({ queryKey: importQueries.lists() });
      onUploaded(view);
    },
  });
  const uploading = upload.isPending;

  const choose = (file: File | undefined) => {
    if (!file || uploading) return;
    upload.reset();
    const refused = refusalOfFile(file);
    setRefusal(refused);
    if (!refused) upload.mutate(file);
  };

  const dropped = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const failure = refusal ?? (upload.error ? failureMessage(upload.error, 'file') : null);

  return (
    <Stack component="section" aria-labelledby="upload-file-heading" spacing={1}>
      <Typography id="upload-file-heading" variant="h6" component="h2">
        Upload a file
      </Typography>
      <Box
        data-testid="file-drop-area"
        onDragOver={(event) => {
          event.preventDefault();
          if (!uploading) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={dropped}
        sx={{
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : undefined,
          borderRadius: 1,
          p: 3,
          textAlign: 'center',
        }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id={HINT_ID}>Drop an .xlsx or .csv file here (20 MB at most), or</Typography>
          <Button
            variant="contained"
            disabled={uploading}
            aria-describedby={HINT_ID}
            onClick={() => input.current?.click()}
          >
            Choose a file
          </Button>
          <input
            ref={input}
            id={INPUT_ID}
            type="file"
            accept={IMPORT_ACCEPT}
            aria-label="Enrollment file"
            hidden
            onChange={(event) => {
              choose(event.target.files?.[0]);
              // The same file can be chosen again after a fix.
              event.target.value = '';
            }}
          />
        </Stack>
      </Box>
      {uploading && upload.variables && (
        <Box>
          <LinearProgress aria-label={`Uploading ${upload.variables.name}`} />
          <Typography variant="body2" role="status" sx={{ mt: 0.5, color: 'text.secondary' }}>
            Uploading and checking {upload.variables.name} ({formatBytes(upload.variables.size)}). A large file takes a
            while; keep this page open.
          </Typography>
        </Box>
      )}
      {failure && (
        <Alert severity="error" role="alert" data-testid="upload-error">
          <AlertTitle>The file was not uploaded</AlertTitle>
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
