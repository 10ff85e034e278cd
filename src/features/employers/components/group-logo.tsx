import Box from '@mui/material/Box';

type GroupLogoProps = {
  employerName: string;
  /** Data URL of the logo; while it loads, an empty square of the same size keeps the layout. */
  employerLogo: string | undefined;
  size: number;
};

export function GroupLogo({ employerName, employerLogo, size }: GroupLogoProps) {
  const frame = { height: size, width: size, flexShrink: 0, borderRadius: 1, bgcolor: 'common.white' } as const;
  if (!employerLogo) return <Box aria-hidden sx={frame} />;
  return (
    <Box component="img" src={employerLogo} alt={`${employerName} logo`} sx={{ ...frame, objectFit: 'contain' }} />
  );
}
