import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { carrierFileQueries } from '../../api/carrier-file-queries';
import type { CarrierFileItem, CarrierFileViewMember } from '../../contracts/carrier-files';
import { LINE_LABELS, usDate } from './carrier-file-labels';

type CarrierFileViewDialogProps = { employerPK: number; file: CarrierFileItem; onClose: () => void };

/** A file read back member by member: who, what change, which coverages and dates; SSNs masked. */
export function CarrierFileViewDialog({ employerPK, file, onClose }: CarrierFileViewDialogProps) {
  const [page, setPage] = useState(0);
  const view = useQuery(carrierFileQueries.view({ employerPK, carrierFilePK: file.carrierFilePK, page }));
  const titleId = `carrier-file-view-${file.carrierFilePK}`;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{file.fileName}</DialogTitle>
      <DialogContent>
        {view.isPending && <Skeleton variant="rectangular" height={120} aria-label="Loading the file" />}
        {view.isError && (
          <Alert severity="error" action={<Button onClick={() => void view.refetch()}>Retry</Button>}>
            The file could not be read. {view.error.message}
          </Alert>
        )}
        {view.data && (
          <>
            <Typography sx={{ mb: 1 }}>
              File date {usDate(view.data.fileDate)}; {file.members} members; members {page * view.data.pageSize + 1} to{' '}
              {page * view.data.pageSize + view.data.members.length}.
            </Typography>
            <Table size="small" aria-label="Members in the file">
              <TableHead>
                <TableRow>
                  <TableCell>Member</TableCell>
                  <TableCell>Relationship</TableCell>
                  <TableCell>SSN</TableCell>
                  <TableCell>Change</TableCell>
                  <TableCell>Coverage</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {view.data.members.map((m, i) => (
                  <MemberRow key={`${m.subscriberID}-${i}`} member={m} />
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous members
        </Button>
        <Button
          disabled={!view.data || view.data.members.length < view.data.pageSize}
          onClick={() => setPage(page + 1)}
        >
          Next members
        </Button>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MemberRow({ member: m }: { member: CarrierFileViewMember }) {
  return (
    <TableRow>
      <TableCell>
        {m.name}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {m.subscriberID}, born {usDate(m.dateOfBirth)}
        </Typography>
      </TableCell>
      <TableCell>{m.relationship}</TableCell>
      <TableCell>{m.ssn || 'None on file'}</TableCell>
      <TableCell>
        {m.maintenanceName} ({m.maintenance}), {m.reasonName || m.reason}
        {m.eligibilityEnd && ` — eligibility ends ${usDate(m.eligibilityEnd)}`}
      </TableCell>
      <TableCell>
        {m.coverages.map((c, i) => (
          <div key={i}>
            {LINE_LABELS[c.line] ?? c.line} {c.planCode}
            {c.level && ` (${c.level})`} from {usDate(c.begin)}
            {c.end && ` to ${usDate(c.end)}`}
          </div>
        ))}
      </TableCell>
    </TableRow>
  );
}
