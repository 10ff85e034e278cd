import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { FieldChange } from '../lib/changed-fields';

const TITLE_ID = 'confirm-changes-title';

type ConfirmChangesModalProps = {
  open: boolean;
  changes: readonly FieldChange[];
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** 'Confirmation of changes' (spec 1 §2 Modals): what will be requested, before it is sent. */
export function ConfirmChangesModal({ open, changes, saving, onConfirm, onCancel }: ConfirmChangesModalProps) {
  return (
    <Dialog open={open} onClose={saving ? undefined : onCancel} aria-labelledby={TITLE_ID} fullWidth maxWidth="sm">
      <DialogTitle id={TITLE_ID}>Confirm Changes</DialogTitle>
      <DialogContent>
        {changes.length === 0 ? (
          <DialogContentText>Nothing has been changed yet.</DialogContentText>
        ) : (
          <>
            <DialogContentText sx={{ mb: 2 }}>
              The following changes will be submitted as an update request:
            </DialogContentText>
            <Table size="small" aria-label="Changed fields">
              <TableHead>
                <TableRow>
                  <TableCell scope="col">Field</TableCell>
                  <TableCell scope="col">Current</TableCell>
                  <TableCell scope="col">New</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {changes.map((change) => (
                  <TableRow key={change.name}>
                    <TableCell component="th" scope="row">
                      {change.label}
                    </TableCell>
                    <TableCell>{change.from || '(blank)'}</TableCell>
                    <TableCell>{change.to || '(blank)'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={saving || changes.length === 0}>
          {saving ? 'Submitting…' : 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
