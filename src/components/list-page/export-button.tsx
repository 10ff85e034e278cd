import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { employerQueries } from '../../api/employer-queries';
import type { Endpoint, EndpointInput } from '../../contracts/endpoint';
import { exportFileName, type ExportFormat, type ExportList } from '../../contracts/exports';
import { todayIsoDate } from '../../contracts/person-rules';
import { useEmployerPK } from '../../hooks/use-session';
import { downloadFile, type DownloadProgress } from '../../lib/download-file';
import type { ApiError } from '../../lib/api-client';

type ExportEndpoint = Endpoint & { responseType: 'export' };

type ExportButtonProps<E extends ExportEndpoint> = {
  list: ExportList;
  endpoint: E;
  /** The call for a format: the list's current filters, never its page. */
  input: (format: ExportFormat) => EndpointInput<E>;
};

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'xlsx', label: 'Excel workbook (.xlsx)' },
  { format: 'csv', label: 'CSV (.csv)' },
];

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`;

/** "Export": the whole filtered list as a file, with its progress while it downloads. */
export function ExportButton<E extends ExportEndpoint>({ list, endpoint, input }: ExportButtonProps<E>) {
  const employerPK = useEmployerPK();
  const groupID = useQuery(employerQueries.details(employerPK)).data?.employerID ?? String(employerPK);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const menuId = useId();
  // Leaving the screen stops a download still running.
  useEffect(() => () => controller.current?.abort(), []);

  const download = useMutation<void, ApiError, ExportFormat>({
    mutationFn: (format) => {
      controller.current = new AbortController();
      setProgress({ receivedBytes: 0, totalBytes: 0 });
      return downloadFile(endpoint, input(format), {
        fileName: exportFileName(list, groupID, todayIsoDate(), format),
        signal: controller.current.signal,
        onProgress: setProgress,
      });
    },
    onSettled: () => setProgress(null),
  });

  const choose = (format: ExportFormat) => {
    setAnchor(null);
    download.mutate(format);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Button
        variant="outlined"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        disabled={download.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Export
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => choose(format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
      {progress && (
        <Box sx={{ width: 320 }}>
          <LinearProgress aria-label="Exporting" />
          <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {progress.receivedBytes === 0
              ? 'Preparing the export…'
              : `Downloading the export: ${kilobytes(progress.receivedBytes)}`}
          </Typography>
        </Box>
      )}
      {download.isError && !controller.current?.signal.aborted && (
        <Alert severity="error" onClose={() => download.reset()}>
          The export failed: {download.error.problem.detail ?? download.error.problem.title}
        </Alert>
      )}
    </Box>
  );
}
