import { createTheme } from '@mui/material/styles';
import { BRAND } from '../contracts/brand';

const PRIMARY = BRAND.primary;
/** The focus ring: 2 px, at least 3:1 against the page, the paper and the menu (white on the top bar). */
const FOCUS_RING = { outline: `2px solid ${PRIMARY}`, outlineOffset: 2 } as const;

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY },
    background: { default: BRAND.background },
  },
  shape: { borderRadius: 8 },
  // MUI's widths (600, 900, 1200, 1536 px at the usual 16 px text) in em: with enlarged text the
  // layout reflows as on a narrower screen (menu behind its button, fields stacked) instead of cutting labels.
  breakpoints: { unit: 'em', values: { xs: 0, sm: 37.5, md: 56.25, lg: 75, xl: 96 } },
  // Labels read as the spec writes them ('Log out', 'Select group'), not upper-cased.
  typography: { fontFamily: BRAND.fontFamily, button: { textTransform: 'none' } },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Every interactive element shows where the keyboard is. `html` outranks MUI's own `outline: 0`;
        // elements focused only by script (tabindex -1: headings, dialogs, the main area) are left as they are.
        'html :focus-visible:not([tabindex="-1"]), html .Mui-focusVisible': FOCUS_RING,
        // Text fields and selects show focus with their own 2 px border.
        'html .MuiInputBase-input:focus-visible': { outline: 'none' },
        // Table rows and menu entries sit in scrolling boxes: the ring goes inside them.
        'html tr:focus-visible, html .MuiListItemButton-root.Mui-focusVisible': { outlineOffset: -2 },
        'html .MuiAppBar-root :focus-visible, html .MuiAppBar-root .Mui-focusVisible': { outlineColor: '#fff' },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiListItemText: {
      styleOverrides: { primary: { overflowWrap: 'anywhere' } },
    },
    MuiListItemButton: {
      styleOverrides: {
        // The current page: a bar at the start of the entry (6:1 on white), not only a faint tint.
        root: {
          '&.Mui-selected': {
            boxShadow: `inset 4px 0 0 ${PRIMARY}`,
            '& .MuiListItemText-primary': { fontWeight: 600 },
          },
        },
      },
    },
    MuiAlert: {
      styleOverrides: {
        // Links listed in a message (the error summary) are targets of at least 24 px.
        message: { '& li > a': { display: 'inline-block', minHeight: 24, paddingBlock: 2 } },
      },
    },
  },
});
