import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { BRAND } from '../../../contracts/brand';

/** The codes as a text file, one a line, for the "Download" button. */
export function downloadRecoveryCodes(codes: readonly string[]): void {
  const text = `${BRAND.productName} recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Recovery codes shown once, with a download; the dialog holding them adds "I saved them". */
export function RecoveryCodesView({ codes }: { codes: readonly string[] }) {
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Save these codes somewhere safe now: they are shown only once. Each code signs you in once if you lose your
        phone. Earlier codes no longer work.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        sx={{ columns: { xs: 1, sm: 2 }, fontFamily: 'monospace', fontSize: '1.05rem', pl: 4, my: 2 }}
      >
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </Box>
      <Button variant="outlined" onClick={() => downloadRecoveryCodes(codes)} data-testid="recovery-codes-download">
        Download
      </Button>
    </>
  );
}
