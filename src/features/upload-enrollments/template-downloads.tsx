import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DownloadStatus } from '../../components/ui/download-status';
import { endpoints } from '../../contracts/endpoints';
import { EMPLOYEE_RELATIONSHIP, IMPORT_FORMATS, type ImportFormat } from '../../contracts/imports';
import { useFileDownload } from '../../hooks/use-file-download';
import { downloadFile } from '../../lib/download-file';
import { failureMessage } from './upload-labels';

export const templateFileName = (format: ImportFormat) => `enrollment-template.${format}`;

/** The enrollment template, as .xlsx (with the group's lists) or .csv, and how to fill it in. */
export function TemplateDownloads({ employerPK }: { employerPK: number }) {
  const download = useFileDownload<ImportFormat>((format, options) =>
    downloadFile(
      endpoints.importTemplate,
      { query: { employerPK, format } },
      { ...options, fileName: templateFileName(format) },
    ),
  );

  return (
    <Stack component="section" aria-labelledby="upload-template-heading" spacing={1}>
      <Typography id="upload-template-heading" variant="h6" component="h2">
        Template
      </Typography>
      <Typography variant="body2">
        One row per employee (Relationship “{EMPLOYEE_RELATIONSHIP}”), followed by the rows of that employee’s
        dependents sharing the Employee Key.
      </Typography>
      <Stack direction="row" spacing={1}>
        {IMPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="outlined"
            disabled={download.isDownloading}
            onClick={() => download.start(format)}
          >
            Download template (.{format})
          </Button>
        ))}
      </Stack>
      <DownloadStatus label="the template" progress={download.progress} />
      {download.error && (
        <Alert severity="error" onClose={download.dismissError}>
          The template could not be downloaded: {failureMessage(download.error)}
        </Alert>
      )}
    </Stack>
  );
}
