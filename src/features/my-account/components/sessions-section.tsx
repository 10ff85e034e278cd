import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { endpoints } from '../../../contracts/endpoints';
import type { MyAccount } from '../../../contracts/my-account';
import { notify } from '../../../stores/notification-store';
import { refusalOf, useOwnChange } from './my-account-mutations';

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? DATE_TIME.format(new Date(iso)) : '—');

/**
 * "Sessions": where the user is signed in, this browser marked; any other one, or all of them, can be
 * signed out (their access ends within half a minute).
 */
export function SessionsSection({ sessions }: { sessions: MyAccount['sessions'] }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const signOutOne = useOwnChange(endpoints.signOutSession);
  const signOutOthers = useOwnChange(endpoints.signOutOtherSessions);
  const others = sessions.filter((s) => !s.current).length;
  const refusal = refusalOf(signOutOne.error) ?? refusalOf(signOutOthers.error);
  const busy = signOutOne.isPending || signOutOthers.isPending;
  // The row's button goes with the row: focus moves to the section's heading.
  const done = (title: string) => {
    notify({ severity: 'success', title });
    headingRef.current?.focus();
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Typography
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        variant="h5"
        component="h2"
        gutterBottom
        sx={{ '&:focus': { outline: 'none' } }}
      >
        Sessions
      </Typography>
      <Stack spacing={2}>
        {refusal && (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        )}
        <TableContainer>
          <Table size="small" aria-labelledby={headingId} data-testid="sessions-table">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Signed in
                </TableCell>
                <TableCell component="th" scope="col">
                  Expires
                </TableCell>
                <TableCell component="th" scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sessions.map((session) => (
                <TableRow key={session.id} data-testid="session-row" data-current={session.current || undefined}>
                  <TableCell>
                    {when(session.signedInAt)}
                    {session.current && (
                      <Chip
                        label="This browser"
                        size="small"
                        color="primary"
                        sx={{ ml: 1 }}
                        data-testid="session-current"
                      />
                    )}
                  </TableCell>
                  <TableCell>{when(session.expiresAt)}</TableCell>
                  <TableCell align="right">
                    {!session.current && (
                      <Button
                        size="small"
                        disabled={busy}
                        aria-label={`Sign out the session signed in ${when(session.signedInAt)}`}
                        onClick={() =>
                          signOutOne.mutate(
                            { body: { id: session.id } },
                            { onSuccess: () => done('Session signed out') },
                          )
                        }
                        data-testid="session-sign-out"
                      >
                        Sign out
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <div>
          <Button
            variant="outlined"
            disabled={busy || others === 0}
            onClick={() => signOutOthers.mutate({}, { onSuccess: () => done('Other sessions signed out') })}
            data-testid="sessions-sign-out-others"
          >
            Sign out other sessions
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
