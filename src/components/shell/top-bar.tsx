import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BackToTopButton } from './back-to-top-button';

type TopBarProps = {
  pageLabel: string;
  /** Current group (logo, name, group ID), composed by the caller. */
  group: ReactNode;
  givenName: string;
  logout: ReactNode;
  onOpenMenu: () => void;
};

/**
 * Sticky rather than fixed, so that the main area starts below it whatever its height: on a phone
 * the group takes a second line, and enlarged text makes the bar taller.
 */
export function TopBar({ pageLabel, group, givenName, logout, onOpenMenu }: TopBarProps) {
  return (
    <AppBar position="sticky" sx={{ gridArea: 'bar' }}>
      {/* Wraps when the group does not fit beside the label (a phone, enlarged text). */}
      <Toolbar sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, py: 0.5 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open menu"
          onClick={onOpenMenu}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        {/* On a phone the screen's h1 says the same; the room goes to the group. */}
        <Typography
          variant="h6"
          component="p"
          noWrap
          data-testid="page-label"
          sx={{ flex: '1 1 8rem', display: { xs: 'none', sm: 'block' } }}
        >
          {pageLabel}
        </Typography>
        <Box
          sx={{ order: { xs: 1, sm: 0 }, flex: { xs: '1 1 100%', sm: '0 1 auto' }, minWidth: { xs: 0, sm: '12rem' } }}
        >
          {group}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: { xs: 'auto', sm: 0 } }}>
          <Typography noWrap data-testid="user-given-name" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {givenName}
          </Typography>
          {/* On a phone only the icon shows; the link keeps its name. */}
          <Button
            component={Link}
            to="/my-account"
            color="inherit"
            aria-label="My Account"
            startIcon={<AccountCircleIcon />}
            data-testid="my-account-link"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0, minWidth: 0 }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              My Account
            </Box>
          </Button>
          {logout}
          <BackToTopButton />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
