import Alert from '@mui/material/Alert';
import { useFormState, type Control } from 'react-hook-form';
import type { GroupSetupValues } from './group-setup-values';

type ListName = 'divisions' | 'plans' | 'tiers';

/** A list's own message (none added, a code twice…), which no single field shows. */
export function ListError({ control, name }: { control: Control<GroupSetupValues>; name: ListName }) {
  const { errors } = useFormState({ control, name });
  const error = errors[name] as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  if (!message) return null;
  return (
    <Alert severity="error" id={`group-setup-${name}-error`} data-testid={`${name}-error`}>
      {message}
    </Alert>
  );
}
