import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useNotificationStore } from '../../stores/notification-store';

/** Shows the call layer's messages (spec 2 §8) as an accessible alert. */
export function NotificationSnackbar() {
  const current = useNotificationStore((state) => state.current);
  const dismiss = useNotificationStore((state) => state.dismiss);

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page must not hide an error before it is read.
    if (reason !== 'clickaway') dismiss();
  };

  return (
    <Snackbar
      key={current?.id}
      open={current !== null}
      autoHideDuration={10_000}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {current ? (
        <Alert severity={current.severity} variant="filled" onClose={dismiss} sx={{ width: '100%' }}>
          <AlertTitle>{current.title}</AlertTitle>
          {current.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
