import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { applyServerFieldErrors, fieldsNamed } from '../../../components/form/server-field-errors';
import { endpoints } from '../../../contracts/endpoints';
import { changePasswordBody, type ChangePasswordBody } from '../../../contracts/my-account';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_LENGTH_WITH_MFA,
} from '../../../contracts/password-rules';
import { notify } from '../../../stores/notification-store';
import { refusalOf, useOwnChange } from './my-account-mutations';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const BLANK: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };

type PasswordFieldProps = {
  control: Control<ChangePasswordBody>;
  name: (typeof FIELDS)[number];
  label: string;
  autoComplete: 'current-password' | 'new-password';
  helperText?: string;
};

function PasswordField({ control, name, label, autoComplete, helperText }: PasswordFieldProps) {
  const id = `my-account-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          id={id}
          inputRef={field.ref}
          name={field.name}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          label={label}
          type="password"
          autoComplete={autoComplete}
          required
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{
            htmlInput: { maxLength: PASSWORD_MAX_LENGTH, 'data-testid': id },
            formHelperText: { id: `${id}-help`, role: fieldState.error ? 'alert' : undefined },
          }}
        />
      )}
    />
  );
}

/**
 * "Password": the current one and a new one twice, checked by the contract's schema; the server's
 * rules (length, common passwords, the e-mail) come back as field errors. Other sessions end.
 */
export function PasswordSection() {
  const headingId = useId();
  const change = useOwnChange(endpoints.changePassword);
  const form = useForm<ChangePasswordBody>({ resolver: zodResolver(changePasswordBody), defaultValues: BLANK });
  const refusal = refusalOf(change.error) ?? form.formState.errors.root?.server?.message;

  const submit = form.handleSubmit((body) =>
    change.mutate(
      { body },
      {
        onSuccess: () => {
          form.reset(BLANK);
          notify({ severity: 'success', title: 'Password changed', message: 'Your other sessions were signed out.' });
        },
        onError: (error) => {
          const placed = applyServerFieldErrors(form, error, { fieldOf: fieldsNamed(FIELDS), unplacedOnRoot: true });
          const first = placed?.fields[0]?.name;
          if (first) form.setFocus(first as (typeof FIELDS)[number]);
        },
      },
    ),
  );

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        Password
      </Typography>
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={headingId}>
        <Stack spacing={2} sx={{ maxWidth: '32rem' }}>
          {refusal && (
            <Alert severity="error" role="alert" data-testid="change-password-error">
              {refusal}
            </Alert>
          )}
          <PasswordField
            control={form.control}
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
          />
          <PasswordField
            control={form.control}
            name="newPassword"
            label="New password"
            autoComplete="new-password"
            helperText={`At least ${PASSWORD_MIN_LENGTH} characters, or at least ${PASSWORD_MIN_LENGTH_WITH_MFA} with two-step verification. Avoid common passwords.`}
          />
          <PasswordField
            control={form.control}
            name="confirmPassword"
            label="Confirm new password"
            autoComplete="new-password"
          />
          <div>
            <Button type="submit" variant="contained" disabled={change.isPending} data-testid="change-password-submit">
              Change password
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
