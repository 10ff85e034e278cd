import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CarrierFileItem } from '../../contracts/carrier-files';
import { KIND_LABELS, createdLabel } from './carrier-file-labels';

type CarrierFileTableProps = {
  files: CarrierFileItem[];
  downloading: number | null;
  onView: (file: CarrierFileItem) => void;
  onDownload: (file: CarrierFileItem) => void;
};

/** One row per file, newest first; an Invalid or Rejected file says why under its status. */
export function CarrierFileTable({ files, downloading, onView, onDownload }: CarrierFileTableProps) {
  return (
    <Table size="small" aria-label="Carrier files">
      <TableHead>
        <TableRow>
          <TableCell>Created</TableCell>
          <TableCell>File</TableCell>
          <TableCell>Type</TableCell>
          <TableCell align="right">Members</TableCell>
          <TableCell align="right">Segments</TableCell>
          <TableCell align="right">Control Number</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {files.map((file) => (
          <TableRow key={file.carrierFilePK}>
            <TableCell>{createdLabel(file.createdAt)}</TableCell>
            <TableCell>{file.fileName}</TableCell>
            <TableCell>{KIND_LABELS[file.kind]}</TableCell>
            <TableCell align="right">{file.members}</TableCell>
            <TableCell align="right">{file.segments}</TableCell>
            <TableCell align="right">{file.controlNumber}</TableCell>
            <TableCell>
              {file.status}
              {file.problems.length > 0 && (
                <Typography component="ul" variant="body2" sx={{ color: 'error.main', m: 0, pl: 2 }}>
                  {file.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              <Stack direction="row" spacing={1}>
                <Button size="small" onClick={() => onView(file)} aria-label={`View ${file.fileName}`}>
                  View
                </Button>
                <Button
                  size="small"
                  disabled={downloading === file.carrierFilePK}
                  onClick={() => onDownload(file)}
                  aria-label={`Download ${file.fileName}`}
                >
                  Download
                </Button>
              </Stack>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
