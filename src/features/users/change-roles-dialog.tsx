import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerFieldErrors, fieldsNamed } from '../../components/form/server-field-errors';
import { endpoints } from '../../contracts/endpoints';
import type { Role } from '../../contracts/permissions';
import { changeUserRolesBody, GRANTABLE_ROLES, type GroupUser } from '../../contracts/users';
import { notify } from '../../stores/notification-store';
import { RoleCheckboxes } from './role-checkboxes';
import { nameOf } from './user-labels';
import { refusalOf, useUserChange, userChangeKey } from './user-mutations';

const TITLE_ID = 'change-roles-title';
const TEXT_ID = 'change-roles-text';
const ID_PREFIX = 'change-roles';

type ChangeRolesInput = z.input<typeof changeUserRolesBody>;
type ChangeRolesValues = z.output<typeof changeUserRolesBody>;

type ChangeRolesDialogProps = {
  /** The user whose roles change; kept while the dialog closes. */
  user: GroupUser | null;
  open: boolean;
  employerPK: number;
  onClose: () => void;
  /** After the closing transition: focus goes back to the row. */
  onExited: () => void;
};

/** The user's roles in the group, as a fresh form for each user. */
export function ChangeRolesDialog({ user, open, employerPK, onClose, onExited }: ChangeRolesDialogProps) {
  // Not closed while the roles are being saved: the outcome is told here.
  const saving = useIsMutating({ mutationKey: userChangeKey(endpoints.changeUserRoles) }) > 0;
  return (
    <Dialog
      open={open && user !== null}
      onClose={saving ? undefined : onClose}
      aria-labelledby={TITLE_ID}
      aria-describedby={TEXT_ID}
      fullWidth
      maxWidth="sm"
      disableRestoreFocus
      slotProps={{ transition: { onExited } }}
    >
      {user && <ChangeRolesForm key={user.userId} user={user} employerPK={employerPK} onClose={onClose} />}
    </Dialog>
  );
}

const grantable = (roles: readonly Role[]) => GRANTABLE_ROLES.filter((role) => roles.includes(role));

/**
 * The role checkboxes, prefilled. Saving none removes the user from the group, so it asks first
 * ("Remove from this group?"). A refusal (the last GroupAdmin, say) is shown here, the choice kept.
 */
function ChangeRolesForm({ user, employerPK, onClose }: { user: GroupUser; employerPK: number; onClose: () => void }) {
  const name = nameOf(user);
  const change = useUserChange(endpoints.changeUserRoles);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const form = useForm<ChangeRolesInput, unknown, ChangeRolesValues>({
    resolver: zodResolver(changeUserRolesBody),
    defaultValues: { employerPK, userId: user.userId, roles: grantable(user.roles) },
  });
  const refusal = refusalOf(change.error) ?? form.formState.errors.root?.server?.message;

  const save = (values: ChangeRolesValues) =>
    change.mutate(
      { body: values },
      {
        onSuccess: ({ user: changed }) => {
          notify({
            severity: 'success',
            title: changed === null ? `${name} was removed from this group` : `Roles of ${name} saved`,
          });
          onClose();
        },
        onError: (error) => {
          setConfirmingRemoval(false);
          applyServerFieldErrors(form, error, { fieldOf: fieldsNamed(['roles']), unplacedOnRoot: true });
        },
      },
    );
  const submit = form.handleSubmit((values) => {
    if (values.roles.length === 0 && !confirmingRemoval) setConfirmingRemoval(true);
    else save(values);
  });
  const pending = change.isPending;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>
        {confirmingRemoval ? 'Remove from this group?' : `Change roles of ${name}`}
      </DialogTitle>
      {pending && <LinearProgress aria-label="Saving the roles" />}
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={TEXT_ID}>
            {confirmingRemoval
              ? `${name} holds no role in this group any more: they are removed from it and no longer see its data.`
              : `The roles ${name} holds in this group. Without any, they are removed from the group.`}
          </DialogContentText>
          {refusal && (
            <Alert severity="error" role="alert" data-testid="change-roles-error">
              {refusal}
            </Alert>
          )}
          {!confirmingRemoval && (
            <Controller
              control={form.control}
              name="roles"
              render={({ field, fieldState }) => (
                <RoleCheckboxes
                  idPrefix={ID_PREFIX}
                  value={field.value}
                  onChange={field.onChange}
                  inputRef={field.ref}
                  error={fieldState.error?.message}
                  disabled={pending}
                />
              )}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {confirmingRemoval ? (
          <>
            <Button onClick={() => setConfirmingRemoval(false)} disabled={pending} autoFocus>
              Keep roles
            </Button>
            <Button type="submit" color="error" variant="contained" disabled={pending}>
              Remove from group
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={pending}>
              Save roles
            </Button>
          </>
        )}
      </DialogActions>
    </form>
  );
}
