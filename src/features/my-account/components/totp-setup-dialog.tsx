import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { endpoints } from '../../../contracts/endpoints';
import { confirmTotpBody } from '../../../contracts/my-account';
import { notify } from '../../../stores/notification-store';
import { refusalOf, useOwnChange } from './my-account-mutations';
import { RecoveryCodesView } from './recovery-codes-view';

const TITLE_ID = 'totp-setup-title';
const CODE_ID = 'totp-setup-code';

/** The server's SVG as an image: the CSP allows data: images, and no markup of the answer enters the page. */
export const svgImageSource = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;

/** The base32 secret in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

type TotpSetupDialogProps = { open: boolean; replacing: boolean; onClose: () => void };

/**
 * Setting up (or replacing) the authenticator app: a new secret as a QR code and as text, a code from
 * the app to turn it on, then the new recovery codes shown once.
 */
export function TotpSetupDialog({ open, replacing, onClose }: TotpSetupDialogProps) {
  const start = useOwnChange(endpoints.startTotpSetup, { invalidate: false });
  const confirm = useOwnChange(endpoints.confirmTotpSetup);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const setup = start.data;
  const codes = confirm.data?.recoveryCodes;
  const { mutate: startSetup, reset: resetStart } = start;

  useEffect(() => {
    if (open) startSetup({});
  }, [open, startSetup]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!setup) return;
    const parsed = confirmTotpBody.safeParse({ pending: setup.pending, code });
    if (!parsed.success) {
      setCodeError(parsed.error.issues.find((issue) => issue.path[0] === 'code')?.message ?? 'Check the code.');
      document.getElementById(CODE_ID)?.focus();
      return;
    }
    setCodeError(null);
    confirm.mutate(
      // As the app shows it ("123 456") or typed together; sent as six digits.
      { body: { ...parsed.data, code: parsed.data.code.replace(/\s/g, '') } },
      {
        onSuccess: () => notify({ severity: 'success', title: 'Two-step verification is on' }),
        onError: (error) => {
          const message = error.problem.errors?.code?.[0];
          if (message) {
            setCodeError(message);
            document.getElementById(CODE_ID)?.focus();
          }
        },
      },
    );
  };

  const busy = start.isPending || confirm.isPending;
  const refusal = refusalOf(start.error) ?? refusalOf(confirm.error);

  return (
    <Dialog
      open={open}
      onClose={busy || codes ? undefined : onClose}
      aria-labelledby={TITLE_ID}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onExited: () => {
            resetStart();
            confirm.reset();
            setCode('');
            setCodeError(null);
          },
        },
      }}
    >
      {codes ? (
        <>
          <DialogTitle id={TITLE_ID}>Save your recovery codes</DialogTitle>
          <DialogContent>
            <RecoveryCodesView codes={codes} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose} data-testid="recovery-codes-saved">
              I saved them
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={submit} aria-labelledby={TITLE_ID}>
          <DialogTitle id={TITLE_ID}>
            {replacing ? 'Replace your authenticator app' : 'Set up two-step verification'}
          </DialogTitle>
          {busy && <LinearProgress aria-label={start.isPending ? 'Preparing the setup' : 'Checking the code'} />}
          <DialogContent>
            <Stack spacing={2}>
              {refusal && (
                <Alert severity="error" role="alert">
                  {refusal}
                </Alert>
              )}
              <DialogContentText>
                Scan the QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or
                1Password), or type the key below into it. Then enter the 6-digit code the app shows.
                {replacing && ' Your current app stops working once the new one is on.'}
              </DialogContentText>
              {setup && (
                <>
                  <Box
                    component="img"
                    src={svgImageSource(setup.qrSvg)}
                    alt="QR code to scan with your authenticator app"
                    data-testid="totp-qr"
                    sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff' }}
                  />
                  <div>
                    <DialogContentText component="span">Key to type instead: </DialogContentText>
                    <Box
                      component="code"
                      data-testid="totp-secret"
                      data-secret={setup.secret}
                      sx={{ fontSize: '1.05rem', wordBreak: 'break-all' }}
                    >
                      {grouped(setup.secret)}
                    </Box>
                  </div>
                  <TextField
                    id={CODE_ID}
                    label="Code from the app"
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    autoComplete="one-time-code"
                    required
                    autoFocus
                    error={codeError !== null}
                    helperText={codeError ?? 'The code changes every 30 seconds.'}
                    slotProps={{
                      htmlInput: { inputMode: 'numeric', maxLength: 7, 'data-testid': 'totp-code' },
                      formHelperText: { role: codeError ? 'alert' : undefined },
                    }}
                  />
                </>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={confirm.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy || !setup} data-testid="totp-confirm">
              Turn on
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
