import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '@tanstack/react-router';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { stepPath, type ReviewSection } from '../lib/review-rows';

/** The answers of each step as a summary list, with a Change link back to that step ("check your answers"). */
export function ReviewSummary({ sections }: { sections: readonly ReviewSection[] }) {
  return (
    <Stack spacing={4}>
      {sections.map((section) => (
        <Box component="section" key={section.step} aria-labelledby={`review-${section.step}`}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 1 }}>
            <Typography id={`review-${section.step}`} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {section.title}
            </Typography>
            <Link component={RouterLink} to={stepPath(section.step)} sx={{ py: 0.5 }}>
              Change<VisuallyHidden> {section.title.toLowerCase()}</VisuallyHidden>
            </Link>
          </Stack>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
              columnGap: 3,
              rowGap: 1,
              m: 0,
              pt: 1,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            {section.rows.map((row) => (
              <Box key={row.label} sx={{ display: 'contents' }}>
                <Typography component="dt" sx={{ fontWeight: 600 }}>
                  {row.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {row.value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
