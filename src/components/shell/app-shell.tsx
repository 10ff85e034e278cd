import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useLocation } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { BRAND } from '../../contracts/brand';
import { useEmployerPK, useSession } from '../../hooks/use-session';
import { pageLabelOf, visibleMenu } from './menu-entries';
import { SideMenu } from './side-menu';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

// In rem, so that the menu's labels keep their room when the text is enlarged.
const DRAWER_WIDTH = '18rem';

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
  return (
    <ShellFrame
      entries={visibleMenu(session?.groupRoles ?? [], currentEmployerPK)}
      group={group}
      givenName={session?.givenName ?? ''}
      logout={logout}
    >
      {children}
    </ShellFrame>
  );
}

/**
 * The shell's frame while the first screen's access and data are asked for: the same top bar and
 * main area, without the user's menu, group and name. It paints the screen's place (and its heading)
 * a few round trips before the screen itself, and is replaced, not moved, when the screen comes.
 */
export function PendingShell({ groupRoom, children }: { groupRoom: ReactNode; children: ReactNode }) {
  return (
    // The group's room is kept, so the heading sits where the screen's will.
    <ShellFrame entries={[]} group={groupRoom} givenName="" logout={null}>
      {children}
    </ShellFrame>
  );
}

type ShellFrameProps = AppShellProps & { entries: ReturnType<typeof visibleMenu>; givenName: string };

function ShellFrame({ entries, group, givenName, logout, children }: ShellFrameProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [mobileOpen, setMobileOpen] = useState(false);
  // Read before the first paint (noSsr), so a phone never renders the permanent menu it would hide.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });

  // One landmark holds the drawer's title, menu and version, so no content sits outside a landmark.
  const menu = (
    <Box component="aside" aria-label="Portal menu">
      <Toolbar>
        <Typography variant="h6" component="p" noWrap>
          {BRAND.productName}
        </Typography>
      </Toolbar>
      {/* No "Main menu" landmark until there is a menu: the pending frame has none yet. */}
      {entries.length > 0 && <SideMenu entries={entries} onNavigate={() => setMobileOpen(false)} />}
    </Box>
  );

  return (
    <Box
      sx={{
        display: 'grid',
        minHeight: '100vh',
        gridTemplateRows: 'auto 1fr',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `${DRAWER_WIDTH} minmax(0, 1fr)` },
        gridTemplateAreas: { xs: '"bar" "main"', md: '"menu bar" "menu main"' },
      }}
    >
      <SkipLink />
      <TopBar
        pageLabel={pageLabelOf(pathname)}
        group={group}
        givenName={givenName}
        logout={logout}
        onOpenMenu={() => setMobileOpen(true)}
      />
      {/* Small screens: a temporary drawer; wide ones: the permanent one. The menu exists once. */}
      {wide ? (
        <Drawer
          variant="permanent"
          open
          sx={{ gridArea: 'menu', '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          {menu}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '85vw' } }}
        >
          {mobileOpen && menu}
        </Drawer>
      )}
      <Box component="main" id={MAIN_CONTENT_ID} sx={{ gridArea: 'main', minWidth: 0, p: { xs: 2, sm: 3 } }}>
        {children}
      </Box>
    </Box>
  );
}
