import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useLocation } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useEmployerPK, useSession } from '../../hooks/use-session';
import { pageLabelOf, visibleMenu } from './menu-entries';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

const DRAWER_WIDTH = 288;

type AppShellProps = {
  /** Slots the routes fill from features the shell must not know about. */
  group: ReactNode;
  logout: ReactNode;
  children: ReactNode;
};

/** Top bar, side menu and main area of a signed-in user with a group (spec 1 §2 Shell). */
export function AppShell({ group, logout, children }: AppShellProps) {
  const session = useSession();
  const currentEmployerPK = useEmployerPK();
  const pathname = useLocation({ select: (location) => location.pathname });
  const [mobileOpen, setMobileOpen] = useState(false);
  const entries = visibleMenu(session?.groupRoles ?? [], currentEmployerPK);

  // One landmark holds the drawer's title, menu and version, so no content sits outside a landmark.
  const menu = (
    <Box component="aside" aria-label="Portal menu">
      <Toolbar>
        <Typography variant="h6" component="p" noWrap>
          Benefits Portal
        </Typography>
      </Toolbar>
      <SideMenu entries={entries} onNavigate={() => setMobileOpen(false)} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar
        pageLabel={pageLabelOf(pathname)}
        drawerWidth={DRAWER_WIDTH}
        group={group}
        givenName={session?.givenName ?? ''}
        logout={logout}
        onOpenMenu={() => setMobileOpen(true)}
      />
      <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {/* Small screens: a temporary drawer; the permanent one is not rendered there, so the menu exists once. */}
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          {mobileOpen && menu}
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', md: 'block' },
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          {menu}
        </Drawer>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: 3 }}>
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}
