import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import { importQueries } from '../../api/import-queries';
import { ListTable } from '../../components/data-table/list-table';
import { ListSkeleton } from '../../components/list-page/list-skeleton';
import { SuspenseListPanel } from '../../components/list-page/suspense-list-panel';
import { RetryAlert } from '../../components/ui/retry-alert';
import { dateTimeLabel, STATUS_LABELS } from './upload-labels';
import { withUpload } from './upload-search';

const UploadLink = createLink(Link);

/** The group's recent uploads, each a link that opens it again. */
export function RecentUploads({ employerPK }: { employerPK: number }) {
  return (
    <Stack component="section" aria-labelledby="recent-uploads-heading" spacing={1}>
      <Typography id="recent-uploads-heading" variant="h6" component="h2">
        Recent uploads
      </Typography>
      <SuspenseListPanel
        resetKey={String(employerPK)}
        what="Recent uploads"
        fallback={<ListSkeleton label="Loading recent uploads" rows={3} />}
        failure={(error, retry) => (
          <RetryAlert title="The recent uploads could not be loaded" error={error} onRetry={retry} />
        )}
      >
        <RecentUploadRows employerPK={employerPK} />
      </SuspenseListPanel>
    </Stack>
  );
}

const NUMERIC = { align: 'right' } as const;

function RecentUploadRows({ employerPK }: { employerPK: number }) {
  const { data } = useSuspenseQuery(importQueries.list(employerPK));
  if (data.length === 0) return <Typography sx={{ p: 2 }}>No files were uploaded for this group yet.</Typography>;
  return (
    <ListTable
      caption="Recent uploads of this group; each file name opens the upload."
      head={
        <TableHead>
          <TableRow>
            <TableCell scope="col">File</TableCell>
            <TableCell scope="col">Status</TableCell>
            <TableCell scope="col" {...NUMERIC}>
              Rows
            </TableCell>
            <TableCell scope="col" {...NUMERIC}>
              Errors
            </TableCell>
            <TableCell scope="col" {...NUMERIC}>
              Requests
            </TableCell>
            <TableCell scope="col">Uploaded</TableCell>
          </TableRow>
        </TableHead>
      }
    >
      {data.map((upload) => (
        <TableRow key={upload.importPK} data-testid="recent-upload">
          <TableCell sx={{ overflowWrap: 'anywhere' }}>
            <UploadLink to="/upload-enrollments" search={withUpload(upload.importPK)}>
              {upload.fileName}
            </UploadLink>
          </TableCell>
          <TableCell>{STATUS_LABELS[upload.status]}</TableCell>
          <TableCell {...NUMERIC}>{upload.counts.rows.toLocaleString('en-US')}</TableCell>
          <TableCell {...NUMERIC}>{upload.counts.errorRows.toLocaleString('en-US')}</TableCell>
          <TableCell {...NUMERIC}>{upload.counts.requestsCreated.toLocaleString('en-US')}</TableCell>
          <TableCell>{dateTimeLabel(upload.createdAt)}</TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
