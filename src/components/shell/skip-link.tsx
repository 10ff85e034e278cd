import Box from '@mui/material/Box';
import { focusPageHeading } from '../ui/focus-page-heading';

export const MAIN_CONTENT_ID = 'main-content';

/** First in the tab order: jumps past the top bar and the menu to the screen's heading. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      // The router would treat a change of the address's hash as a navigation; move focus directly.
      onClick={(event) => {
        event.preventDefault();
        focusPageHeading();
      }}
      sx={(theme) => ({
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        // Off screen until focused, then shown over the top bar.
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      })}
    >
      Skip to main content
    </Box>
  );
}
