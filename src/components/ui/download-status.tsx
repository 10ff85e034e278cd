import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { DownloadProgress } from '../../lib/download-file';
import { formatBytes } from '../../lib/format-bytes';

type DownloadStatusProps = { label: string; progress: DownloadProgress | null };

/** Progress of a running download: a bar (open-ended when the size is unknown) and the bytes so far. */
export function DownloadStatus({ label, progress }: DownloadStatusProps) {
  if (!progress) return null;
  const { receivedBytes, totalBytes } = progress;
  const percent = totalBytes > 0 ? Math.min(100, Math.round((receivedBytes / totalBytes) * 100)) : undefined;
  const text =
    receivedBytes === 0
      ? `Preparing ${label}…`
      : `Downloading ${label}: ${formatBytes(receivedBytes)}${totalBytes > 0 ? ` of ${formatBytes(totalBytes)}` : ''}`;

  return (
    <Box sx={{ maxWidth: 480 }}>
      <LinearProgress
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label={`Downloading ${label}`}
      />
      <Typography variant="body2" role="status" aria-live="polite" sx={{ mt: 0.5, color: 'text.secondary' }}>
        {text}
      </Typography>
    </Box>
  );
}
