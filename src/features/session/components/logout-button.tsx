import Button, { type ButtonProps } from '@mui/material/Button';
import { useNavigate } from '@tanstack/react-router';

/** Every logout goes through the /logout route, which does the clean-up (spec 2 §4). */
export function LogoutButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const navigate = useNavigate();
  return (
    <Button {...props} onClick={() => void navigate({ to: '/logout' })}>
      Log out
    </Button>
  );
}
