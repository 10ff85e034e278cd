import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { passkeyQueries } from '../../../api/passkey-queries';
import type { PasskeySummary } from '../../../contracts/my-account';
import { notify } from '../../../stores/notification-store';
import { passkeyProblemOf, useAddPasskey, useRemovePasskey } from './passkey-mutations';

const DEFAULT_NAME = 'Passkey';
const NAME_MAX = 60;

/** A moment as the day it fell on, where the user is. */
const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function AddPasskeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const [name, setName] = useState(DEFAULT_NAME);
  const add = useAddPasskey();
  const problem = add.isError ? passkeyProblemOf(add.error) : null;
  const trimmed = name.trim();
  const nameError = !trimmed ? 'Name the passkey.' : trimmed.length > NAME_MAX ? `At most ${NAME_MAX} characters.` : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nameError || add.isPending) return;
    add.mutate(
      { name: trimmed },
      {
        onSuccess: (passkey) => {
          notify({ severity: 'success', title: `Passkey “${passkey.name}” added` });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={add.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{
        transition: {
          onExited: () => {
            add.reset();
            setName(DEFAULT_NAME);
          },
        },
      }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Add a passkey</DialogTitle>
        {add.isPending && <LinearProgress aria-label="Adding the passkey" />}
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              Your browser will ask you to create a passkey with your device’s screen lock, fingerprint or face, or with
              a security key. Give it a name you will recognise.
            </DialogContentText>
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            <TextField
              label="Passkey name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(nameError)}
              helperText={nameError || 'For example “Work laptop” or “Security key”.'}
              slotProps={{ htmlInput: { maxLength: NAME_MAX + 10 } }}
              disabled={add.isPending}
              required
              autoFocus
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            Continue
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function RemovePasskeyDialog({ passkey, onClose }: { passkey: PasskeySummary | null; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const remove = useRemovePasskey();
  // Kept while the dialog closes, so its text does not change under the transition.
  const [shown, setShown] = useState<PasskeySummary | null>(passkey);
  if (passkey && passkey !== shown) setShown(passkey);
  const problem = remove.isError ? passkeyProblemOf(remove.error) : null;

  const confirm = () =>
    shown &&
    remove.mutate(
      { id: shown.id },
      {
        onSuccess: () => {
          notify({ severity: 'success', title: `Passkey “${shown.name}” removed` });
          onClose();
        },
      },
    );

  return (
    <Dialog
      open={passkey !== null}
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => remove.reset() } }}
    >
      <DialogTitle id={titleId}>Remove passkey “{shown?.name}”?</DialogTitle>
      {remove.isPending && <LinearProgress aria-label="Removing the passkey" />}
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={textId}>
            You will no longer be able to use it to sign in. The passkey stays on your device until you delete it there.
          </DialogContentText>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={remove.isPending}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * My Account's "Passkeys": the caller's passkeys (a phishing-resistant second step at sign-in), adding
 * one with the browser's WebAuthn prompt, and removing one after a confirmation.
 */
export function PasskeysSection() {
  const headingId = useId();
  const account = useQuery(passkeyQueries.myAccount());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const passkeys = account.data?.passkeys ?? [];

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        Passkeys
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        After your password, sign in with your device’s screen lock, fingerprint or face, or with a security key,
        instead of a code. Passkeys cannot be used on fake sites.
      </Typography>
      {account.isPending ? (
        <Skeleton variant="rectangular" height={48} aria-label="Loading your passkeys" />
      ) : account.isError ? (
        <Alert severity="error">Your passkeys could not be loaded. Reload the page to try again.</Alert>
      ) : passkeys.length === 0 ? (
        <Typography sx={{ my: 1 }}>You have no passkeys yet.</Typography>
      ) : (
        <List aria-label="Your passkeys" disablePadding>
          {passkeys.map((passkey) => (
            <ListItem
              key={passkey.id}
              divider
              secondaryAction={
                <Button
                  color="error"
                  onClick={() => setRemoving(passkey)}
                  aria-label={`Remove passkey ${passkey.name}`}
                >
                  Remove
                </Button>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={passkey.name}
                secondary={`Added ${dayOf(passkey.createdAt)} · ${passkey.lastUsedAt ? `Last used ${dayOf(passkey.lastUsedAt)}` : 'Never used'}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setAdding(true)} disabled={!account.isSuccess}>
        Add a passkey
      </Button>
      <AddPasskeyDialog open={adding} onClose={() => setAdding(false)} />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />
    </Paper>
  );
}
