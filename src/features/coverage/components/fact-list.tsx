import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

type Fact = { label: string; value: string };

/** Label / value pairs as a description list; a pair without a value is left out. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {facts
        .filter((fact) => fact.value !== '')
        .map((fact) => (
          <Box key={fact.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {fact.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {fact.value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
