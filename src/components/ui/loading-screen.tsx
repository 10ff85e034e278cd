import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Shown while the app signs in, signs out or waits for a route: the spec's text is 'loading'. */
export function LoadingScreen() {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '50vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography>loading</Typography>
    </Box>
  );
}
