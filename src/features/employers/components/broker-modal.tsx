import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useAppStore } from '../../../stores/app-store';
import { useSwitchGroup } from '../hooks/use-switch-group';
import { useUserGroups } from '../hooks/use-user-groups';

const TITLE_ID = 'broker-modal-title';

/** Group chooser (spec 1 §2 Modals: Broker). */
export function BrokerModal() {
  const open = useAppStore((state) => state.modal === 'brokerModal');
  const closeModal = useAppStore((state) => state.closeModal);
  return (
    <Dialog open={open} onClose={closeModal} aria-labelledby={TITLE_ID} fullWidth maxWidth="xs">
      {/* Mounted only while open, so every opening starts with no group chosen. */}
      {open && <BrokerForm onCancel={closeModal} />}
    </Dialog>
  );
}

function BrokerForm({ onCancel }: { onCancel: () => void }) {
  const groups = useUserGroups();
  const switchGroup = useSwitchGroup();
  const [choice, setChoice] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice) void switchGroup(Number(choice));
  };

  return (
    <form onSubmit={submit}>
      <DialogTitle id={TITLE_ID}>Choose an Employer Group</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The group you choose becomes the current one for every screen.
        </DialogContentText>
        <TextField
          select
          fullWidth
          id="broker-employer-group"
          label="Employer Group"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            Select a group
          </option>
          {groups.map((group) => (
            <option key={group.employerPK} value={group.employerPK}>
              {group.employerName}
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
