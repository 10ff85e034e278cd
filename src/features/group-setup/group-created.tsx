import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { waitForGroup, type GroupCreated as Created } from './use-group-setup';

type GroupCreatedProps = {
  created: Created;
  employerName: string;
  /** The first GroupAdmin's e-mail when one was invited. */
  invitedEmail: string | null;
  onSwitchGroup: (employerPK: number) => void | Promise<void>;
  onAnother: () => void;
};

/** The new group's confirmation: switch to it, or set up another. */
export function GroupCreated({ created, employerName, invitedEmail, onSwitchGroup, onAnother }: GroupCreatedProps) {
  const [switching, setSwitching] = useState(false);
  const [notYet, setNotYet] = useState(false);
  const switchToGroup = async () => {
    setSwitching(true);
    setNotYet(false);
    try {
      if (await waitForGroup(created.employerPK, created.employerID)) await onSwitchGroup(created.employerPK);
      else setNotYet(true);
    } catch {
      setNotYet(true);
    } finally {
      setSwitching(false);
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="success" role="status">
        <AlertTitle>
          {employerName} ({created.employerID}) was created.
        </AlertTitle>
        {invitedEmail && created.invitedUserId && <div>Invitation sent to {invitedEmail}</div>}
      </Alert>
      {notYet && <Alert severity="warning">The new group is not listed yet. Try again in a moment.</Alert>}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={switching} onClick={() => void switchToGroup()}>
          Switch to {employerName}
        </Button>
        <Button onClick={onAnother}>Set up another group</Button>
      </Stack>
    </Stack>
  );
}
