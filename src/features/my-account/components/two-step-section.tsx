import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { endpoints } from '../../../contracts/endpoints';
import type { MyAccount } from '../../../contracts/my-account';
import { refusalOf, useOwnChange } from './my-account-mutations';
import { RecoveryCodesView } from './recovery-codes-view';
import { TotpSetupDialog } from './totp-setup-dialog';

const CODES_TITLE_ID = 'new-recovery-codes-title';

/** "New recovery codes": a confirmation, then the ten new codes shown once. */
function NewRecoveryCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const replace = useOwnChange(endpoints.newRecoveryCodes);
  const codes = replace.data?.recoveryCodes;
  const refusal = refusalOf(replace.error);
  return (
    <Dialog
      open={open}
      onClose={replace.isPending || codes ? undefined : onClose}
      aria-labelledby={CODES_TITLE_ID}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => replace.reset() } }}
    >
      <DialogTitle id={CODES_TITLE_ID}>{codes ? 'Save your recovery codes' : 'New recovery codes?'}</DialogTitle>
      <DialogContent>
        {refusal && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {refusal}
          </Alert>
        )}
        {codes ? (
          <RecoveryCodesView codes={codes} />
        ) : (
          <DialogContentText>
            You get ten new recovery codes. The codes you have now stop working at once.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        {codes ? (
          <Button variant="contained" onClick={onClose} data-testid="recovery-codes-saved">
            I saved them
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={replace.isPending}>
              Cancel
            </Button>
            <Button
              variant="contained"
              onClick={() => replace.mutate({})}
              disabled={replace.isPending}
              data-testid="new-recovery-codes-confirm"
            >
              Get new codes
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** "Two-step verification": whether an authenticator app is on, setting one up or replacing it, recovery codes. */
export function TwoStepSection({ account }: { account: MyAccount }) {
  const headingId = useId();
  const [setupOpen, setSetupOpen] = useState(false);
  const [codesOpen, setCodesOpen] = useState(false);
  const on = account.totpEnabled;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        Two-step verification
      </Typography>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography>Authenticator app:</Typography>
          <Chip label={on ? 'On' : 'Off'} color={on ? 'success' : 'default'} size="small" data-testid="totp-status" />
        </Stack>
        {on ? (
          <Typography color="text.secondary">
            {account.recoveryCodesLeft === 1
              ? '1 recovery code left.'
              : `${account.recoveryCodesLeft} recovery codes left.`}
          </Typography>
        ) : (
          <Typography color="text.secondary">
            {account.mfaRequired
              ? 'A group of yours requires two-step verification.'
              : 'Protect your account with a code from your phone at sign-in.'}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant={on ? 'outlined' : 'contained'} onClick={() => setSetupOpen(true)} data-testid="totp-setup">
            {on ? 'Replace' : 'Set up'}
          </Button>
          {(on || account.passkeys.length > 0) && (
            <Button variant="outlined" onClick={() => setCodesOpen(true)} data-testid="new-recovery-codes">
              New recovery codes
            </Button>
          )}
        </Stack>
      </Stack>
      <TotpSetupDialog open={setupOpen} replacing={on} onClose={() => setSetupOpen(false)} />
      <NewRecoveryCodesDialog open={codesOpen} onClose={() => setCodesOpen(false)} />
    </Paper>
  );
}
