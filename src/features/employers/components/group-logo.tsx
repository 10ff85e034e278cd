import Box from '@mui/material/Box';
import type { EmployerDetails } from '../../../contracts/employers';

type GroupLogoProps = { employer: EmployerDetails; size: number };

export function GroupLogo({ employer, size }: GroupLogoProps) {
  return (
    <Box
      component="img"
      src={employer.employerLogo}
      alt={`${employer.employerName} logo`}
      sx={{ height: size, width: size, objectFit: 'contain', borderRadius: 1, bgcolor: 'common.white' }}
    />
  );
}
