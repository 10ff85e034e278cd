import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BackToTopButton } from './back-to-top-button';

type TopBarProps = {
  pageLabel: string;
  drawerWidth: number;
  /** Current group (logo, name, group ID), composed by the caller. */
  group: ReactNode;
  givenName: string;
  logout: ReactNode;
  onOpenMenu: () => void;
};

export function TopBar({ pageLabel, drawerWidth, group, givenName, logout, onOpenMenu }: TopBarProps) {
  return (
    <AppBar position="fixed" sx={{ width: { md: `calc(100% - ${drawerWidth}px)` }, ml: { md: `${drawerWidth}px` } }}>
      <Toolbar sx={{ gap: 2 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open menu"
          onClick={onOpenMenu}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component="p" noWrap data-testid="page-label" sx={{ flexGrow: 1 }}>
          {pageLabel}
        </Typography>
        {group}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography noWrap data-testid="user-given-name" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {givenName}
          </Typography>
          {logout}
          <BackToTopButton />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
