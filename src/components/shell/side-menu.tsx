import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { createLink, useLocation, type LinkProps } from '@tanstack/react-router';
import type { MenuEntry } from '../../contracts/permissions';
import { config } from '../../lib/config';
import { discardEnrollmentDraft } from '../../stores/enrollment-handoff';
import { openModal } from '../../stores/modal-slice';

const ListItemLink = createLink(ListItemButton);

type SideMenuProps = { entries: readonly MenuEntry[]; onNavigate?: () => void };

/** The side menu (spec 1 §2 Shell): links for screens, buttons for the two modals. */
export function SideMenu({ entries, onNavigate }: SideMenuProps) {
  const pathname = useLocation({ select: (location) => location.pathname });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box component="nav" aria-label="Main menu" sx={{ flexGrow: 1, overflowY: 'auto' }}>
        <List>
          {entries.map((entry) => (
            <ListItem key={entry.key} disablePadding>
              {'modal' in entry ? (
                <ListItemButton
                  component="button"
                  sx={{ width: '100%', textAlign: 'left' }}
                  onClick={() => {
                    onNavigate?.();
                    openModal(entry.modal);
                  }}
                >
                  <ListItemText primary={entry.label} />
                </ListItemButton>
              ) : (
                <ListItemLink
                  to={entry.path as LinkProps['to']}
                  selected={pathname === entry.path}
                  aria-current={pathname === entry.path ? 'page' : undefined}
                  onClick={() => {
                    // 'Enroll Subscriber' starts a new enrollment (spec 1 §2).
                    if (entry.clearsSubscriber) discardEnrollmentDraft();
                    onNavigate?.();
                  }}
                >
                  <ListItemText primary={entry.label} />
                </ListItemLink>
              )}
            </ListItem>
          ))}
        </List>
      </Box>
      <Typography variant="caption" component="p" sx={{ p: 2, color: 'text.secondary' }}>
        Version {config.versionLabel}
      </Typography>
    </Box>
  );
}
