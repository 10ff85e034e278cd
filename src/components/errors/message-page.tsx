import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type MessagePageProps = { title: string; children: ReactNode; actions?: ReactNode };

/** A centred message with an optional row of actions. */
export function MessagePage({ title, children, actions }: MessagePageProps) {
  return (
    <Paper component="section" aria-labelledby="message-page-title" sx={{ maxWidth: 640, mx: 'auto', my: 6, p: 4 }}>
      <Typography
        id="message-page-title"
        variant="h5"
        component="h1"
        tabIndex={-1}
        sx={{ mb: 2, overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}
      >
        {title}
      </Typography>
      <Typography component="div">{children}</Typography>
      {actions && <div style={{ marginTop: 24, display: 'flex', gap: 12 }}>{actions}</div>}
    </Paper>
  );
}
