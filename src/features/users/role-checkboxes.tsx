import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { Ref } from 'react';
import type { Role } from '../../contracts/permissions';
import { GRANTABLE_ROLES, OPERATOR_ONLY_ROLES, USER_MESSAGES } from '../../contracts/users';
import { useCurrentRoles } from '../../hooks/use-session';

/** True when the signed-in user may grant the operator-only roles (Broker): the Portal Administrator. */
export function useMayGrantOperatorRoles(): boolean {
  return useCurrentRoles().includes('Portal Administrator');
}

type RoleCheckboxesProps = {
  idPrefix: string;
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  /** The first checkbox, for react-hook-form to focus on an error. */
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  disabled?: boolean;
};

/**
 * The grantable roles as a group of checkboxes. An operator-only role (Broker) is shown disabled, with
 * why, unless the signed-in user is the Portal Administrator; a user holding it keeps it.
 */
export function RoleCheckboxes({ idPrefix, value, onChange, inputRef, error, disabled }: RoleCheckboxesProps) {
  const mayGrantOperatorRoles = useMayGrantOperatorRoles();
  const errorId = `${idPrefix}-roles-error`;
  const toggle = (role: Role, checked: boolean) =>
    onChange(GRANTABLE_ROLES.filter((r) => (r === role ? checked : value.includes(r))));

  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} variant="standard">
      <FormLabel component="legend">Roles</FormLabel>
      <FormGroup>
        {GRANTABLE_ROLES.map((role, index) => {
          const locked = !mayGrantOperatorRoles && OPERATOR_ONLY_ROLES.includes(role);
          const hintId = `${idPrefix}-role-${index}-hint`;
          const describedBy = [locked ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
          return (
            <div key={role}>
              <FormControlLabel
                label={role}
                disabled={disabled || locked}
                control={
                  <Checkbox
                    checked={value.includes(role)}
                    onChange={(event) => toggle(role, event.target.checked)}
                    slotProps={{
                      input: { ref: index === 0 ? inputRef : undefined, 'aria-describedby': describedBy || undefined },
                    }}
                  />
                }
              />
              {locked && (
                <FormHelperText id={hintId} error={false} sx={{ mt: -0.5, ml: 4 }}>
                  {USER_MESSAGES.operatorOnlyRole}
                </FormHelperText>
              )}
            </div>
          );
        })}
      </FormGroup>
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
