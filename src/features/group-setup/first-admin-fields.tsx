import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { FormTextField } from '../../components/form/form-text-field';
import { blankFirstAdmin, ID_PREFIX, type GroupSetupValues } from './group-setup-values';

type FirstAdminFieldsProps = { control: Control<GroupSetupValues>; setValue: UseFormSetValue<GroupSetupValues> };

/** The group's first GroupAdmin, invited by e-mail once the group exists; optional. */
export function FirstAdminFields({ control, setValue }: FirstAdminFieldsProps) {
  const admin = useWatch({ control, name: 'firstAdmin' });
  const inviting = admin !== undefined;
  return (
    <Stack component="section" spacing={2} aria-labelledby="group-setup-first-admin">
      <Typography variant="h6" component="h2" id="group-setup-first-admin">
        First GroupAdmin
      </Typography>
      <FormControlLabel
        label="Invite the group’s first GroupAdmin now"
        control={
          <Checkbox
            checked={inviting}
            onChange={(event) =>
              setValue('firstAdmin', event.target.checked ? blankFirstAdmin() : undefined, { shouldDirty: true })
            }
          />
        }
      />
      {inviting && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="firstAdmin.email"
            label="GroupAdmin e-mail"
            type="email"
            maxLength={64}
            required
            idPrefix={ID_PREFIX}
          />
          <FormTextField
            control={control}
            name="firstAdmin.firstName"
            label="GroupAdmin first name"
            maxLength={60}
            required
            idPrefix={ID_PREFIX}
          />
          <FormTextField
            control={control}
            name="firstAdmin.lastName"
            label="GroupAdmin last name"
            maxLength={60}
            required
            idPrefix={ID_PREFIX}
          />
        </Stack>
      )}
    </Stack>
  );
}
