import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import type { GroupUser } from '../../contracts/users';
import { actionsButtonId, actionsFor, USER_ACTION_LABELS, type UserAction } from './user-actions';
import { nameOf } from './user-labels';

type UserActionsMenuProps = {
  user: GroupUser;
  onAction: (action: UserAction, user: GroupUser) => void;
};

/** A row's "Actions for <name>" button and its menu of what the user's status allows. */
export function UserActionsMenu({ user, onAction }: UserActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = actionsButtonId(user.userId);
  const menuId = `${buttonId}-menu`;
  const choose = (action: UserAction) => {
    setAnchor(null);
    onAction(action, user);
  };

  return (
    <>
      <IconButton
        id={buttonId}
        size="small"
        aria-label={`Actions for ${nameOf(user)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {actionsFor(user).map((action) => (
          <MenuItem key={action} onClick={() => choose(action)}>
            {USER_ACTION_LABELS[action]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
