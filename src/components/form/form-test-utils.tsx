import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS } from 'date-fns/locale';
import type { ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';

/** The date adapter the date field needs, as the app provides it. */
export function PickerProviders({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS}>
      {children}
    </LocalizationProvider>
  );
}

/** Renders fields inside a react-hook-form form and hands the form out to the test. */
export function FormHarness<T extends FieldValues>({
  defaultValues,
  children,
  onForm,
}: {
  defaultValues: DefaultValues<T>;
  children: (form: UseFormReturn<T>) => ReactNode;
  onForm?: (form: UseFormReturn<T>) => void;
}) {
  const form = useForm<T>({ defaultValues, criteriaMode: 'all' });
  onForm?.(form);
  return (
    <PickerProviders>
      <form noValidate>{children(form)}</form>
    </PickerProviders>
  );
}
