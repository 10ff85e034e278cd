import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { requestQueries } from '../../../api/request-queries';
import { isApiError } from '../../../lib/api-client';

/** The proof of a life event beside its request: a photo shown as it is, a PDF in the browser's viewer. */
export function RequestProof({ requestPK }: { requestPK: number }) {
  const proof = useQuery({ ...requestQueries.proof(requestPK), retry: false });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!proof.data) return;
    const made = URL.createObjectURL(proof.data);
    setUrl(made);
    // The document holds PHI: its URL lives only while it is shown.
    return () => URL.revokeObjectURL(made);
  }, [proof.data]);
  return (
    <Box component="section" aria-labelledby="request-proof-title" sx={{ minWidth: 0 }}>
      <Typography id="request-proof-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Proof of the event
      </Typography>
      {proof.isPending && <LinearProgress aria-label="Loading the proof" />}
      {proof.isError && (
        <Alert severity={isApiError(proof.error) && proof.error.problem.status === 404 ? 'info' : 'error'}>
          {isApiError(proof.error) && proof.error.problem.status === 404
            ? 'No proof has been sent yet.'
            : 'The proof could not be loaded. Please try again.'}
        </Alert>
      )}
      {url && proof.data?.type.startsWith('image/') && (
        <Box
          component="img"
          src={url}
          alt="Proof of the event"
          sx={{ maxWidth: '100%', border: 1, borderColor: 'divider' }}
        />
      )}
      {url && proof.data?.type === 'application/pdf' && (
        <Box
          component="iframe"
          src={url}
          title="Proof of the event (PDF)"
          sx={{ width: '100%', height: 480, border: 1, borderColor: 'divider' }}
        />
      )}
    </Box>
  );
}
