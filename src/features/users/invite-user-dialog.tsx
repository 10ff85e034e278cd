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
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../components/form/form-text-field';
import { applyServerFieldErrors, fieldsNamed } from '../../components/form/server-field-errors';
import { endpoints } from '../../contracts/endpoints';
import { inviteUserBody } from '../../contracts/users';
import { notify } from '../../stores/notification-store';
import { RoleCheckboxes } from './role-checkboxes';
import { INVITATION_HINT } from './user-actions';
import { refusalOf, useUserChange } from './user-mutations';

const TITLE_ID = 'invite-user-title';
const ID_PREFIX = 'invite-user';
const FIELDS = ['email', 'givenName', 'familyName', 'roles'] as const;

type InviteUserInput = z.input<typeof inviteUserBody>;
type InviteUserValues = z.output<typeof inviteUserBody>;

type InviteUserDialogProps = {
  open: boolean;
  employerPK: number;
  onClose: () => void;
};

const blank = (employerPK: number): InviteUserInput => ({
  employerPK,
  email: '',
  givenName: '',
  familyName: '',
  roles: [],
});

/**
 * "Invite user": e-mail, name and roles, checked by the contract's schema. A refused or rejected
 * invitation keeps what was typed (field errors on the fields, a refusal's detail above them); a sent
 * one closes the dialog, says so and the list is fetched again.
 */
export function InviteUserDialog({ open, employerPK, onClose }: InviteUserDialogProps) {
  const invite = useUserChange(endpoints.inviteUser);
  const form = useForm<InviteUserInput, unknown, InviteUserValues>({
    resolver: zodResolver(inviteUserBody),
    defaultValues: blank(employerPK),
  });
  const { control, formState } = form;
  const refusal = refusalOf(invite.error) ?? formState.errors.root?.server?.message;

  const send = form.handleSubmit((values) =>
    invite.mutate(
      { body: values },
      {
        onSuccess: () => {
          notify({ severity: 'success', title: `Invitation sent to ${values.email}` });
          onClose();
        },
        onError: (error) => {
          applyServerFieldErrors(form, error, { fieldOf: fieldsNamed(FIELDS), unplacedOnRoot: true });
        },
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onClose={invite.isPending ? undefined : onClose}
      aria-labelledby={TITLE_ID}
      fullWidth
      maxWidth="sm"
      // Every opening starts blank, without the last one's outcome.
      slotProps={{
        transition: {
          onExited: () => {
            form.reset(blank(employerPK));
            invite.reset();
          },
        },
      }}
    >
      <form noValidate onSubmit={(event) => void send(event)} aria-labelledby={TITLE_ID}>
        <DialogTitle id={TITLE_ID}>Invite user</DialogTitle>
        {invite.isPending && <LinearProgress aria-label="Sending the invitation" />}
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              They get an e-mail with a link to join this group with the roles chosen. {INVITATION_HINT}
            </DialogContentText>
            {refusal && (
              <Alert severity="error" role="alert" data-testid="invite-user-error">
                {refusal}
              </Alert>
            )}
            <FormTextField
              control={control}
              name="email"
              label="E-mail"
              type="email"
              autoComplete="off"
              maxLength={254}
              required
              idPrefix={ID_PREFIX}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={control}
                name="givenName"
                label="First name"
                autoComplete="off"
                maxLength={60}
                required
                idPrefix={ID_PREFIX}
              />
              <FormTextField
                control={control}
                name="familyName"
                label="Last name"
                autoComplete="off"
                maxLength={60}
                required
                idPrefix={ID_PREFIX}
              />
            </Stack>
            <Controller
              control={control}
              name="roles"
              render={({ field, fieldState }) => (
                <RoleCheckboxes
                  idPrefix={ID_PREFIX}
                  value={field.value}
                  onChange={field.onChange}
                  inputRef={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            Send invitation
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
