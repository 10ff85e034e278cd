import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { LookupItem } from '../../../contracts/common';

const TITLE_ID = 'qualifying-event-title';

type QualifyingEventModalProps = {
  /** The chosen member's name; the modal is open while there is one. */
  memberName: string | null;
  reasons: readonly LookupItem[];
  onSubmit: (changeReasonPK: number) => void;
  onCancel: () => void;
};

/** 'Qualifying Event' (spec 1 §2 Modals): Submit stays disabled until a reason is chosen. */
export function QualifyingEventModal({ memberName, reasons, onSubmit, onCancel }: QualifyingEventModalProps) {
  return (
    <Dialog open={memberName !== null} onClose={onCancel} aria-labelledby={TITLE_ID} fullWidth maxWidth="sm">
      {/* Mounted only while open, so every opening starts without a reason. */}
      {memberName !== null && (
        <QualifyingEventForm memberName={memberName} reasons={reasons} onSubmit={onSubmit} onCancel={onCancel} />
      )}
    </Dialog>
  );
}

function QualifyingEventForm({
  memberName,
  reasons,
  onSubmit,
  onCancel,
}: QualifyingEventModalProps & { memberName: string }) {
  const [choice, setChoice] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice) onSubmit(Number(choice));
  };
  return (
    <form onSubmit={submit}>
      <DialogTitle id={TITLE_ID}>Qualifying Event</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Choose the qualifying event for {memberName}. By submitting you confirm that this event occurred and that the
          coverage change is requested because of it.
        </DialogContentText>
        <TextField
          select
          fullWidth
          id="qualifying-event-reason"
          label="Qualifying Event"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            Select a qualifying event
          </option>
          {reasons.map((reason) => (
            <option key={reason.pk} value={reason.pk}>
              {reason.name}
            </option>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!choice}>
          Submit
        </Button>
      </DialogActions>
    </form>
  );
}
