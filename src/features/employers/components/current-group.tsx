import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { employerQueries } from '../../../api/employer-queries';
import { useEmployerPK } from '../../../hooks/use-session';
import { GroupLogo } from './group-logo';

// Name and ID wrap rather than being cut: the top bar gives the group a line of its own when needed.
const fitted = { overflowWrap: 'anywhere' } as const;
const nameStyle = { fontWeight: 600, lineHeight: 1.2 } as const;
const LOGO_SIZE = 36;

/** The current group in the top bar: logo, name and group ID. */
export function CurrentGroup() {
  const employerPK = useEmployerPK();
  const { data: employer } = useQuery(employerQueries.details(employerPK));
  if (!employer) return null;
  return (
    <Box role="group" aria-label="Current group" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <GroupLogo employerName={employer.employerName} employerLogo={employer.employerLogo} size={LOGO_SIZE} />
      <Box sx={{ minWidth: 0 }}>
        <Typography data-testid="current-group-name" sx={{ ...fitted, ...nameStyle }}>
          {employer.employerName}
        </Typography>
        <Typography variant="body2" sx={fitted}>
          Group ID: {employer.employerID}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The group's room in the top bar before the session is known: as tall as its logo and two lines, so
 * that nothing below moves when the group comes (server/lib/boot-frame.ts paints the same height).
 */
export function CurrentGroupRoom() {
  return (
    <Box aria-hidden="true" sx={{ visibility: 'hidden', minHeight: LOGO_SIZE }}>
      <Typography sx={nameStyle}>&nbsp;</Typography>
      <Typography variant="body2">&nbsp;</Typography>
    </Box>
  );
}
