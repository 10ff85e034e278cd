import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

type PageHeadingProps = { title: string; subtitle?: string };

/** The screen's h1, with an optional step line such as 'Page 1 of 4'. */
export function PageHeading({ title, subtitle }: PageHeadingProps) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      {/* Focused by script when the screen opens; not in the tab order and drawn without a ring. */}
      <Typography
        variant="h4"
        component="h1"
        tabIndex={-1}
        sx={{ overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}
      >
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="subtitle1" component="p" sx={{ color: 'text.secondary' }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The screen's title where its h1 will be, while the screen is still coming (its data, its first
 * render). Not a heading: a page is only announced, and tests only take it as shown, with its h1.
 */
export function PendingHeading({ title }: { title: string }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h4" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
    </Box>
  );
}
