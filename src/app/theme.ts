import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#0b57d0' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  // Labels read as the spec writes them ('Log out', 'Select group'), not upper-cased.
  typography: { button: { textTransform: 'none' } },
});
