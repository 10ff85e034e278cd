import type { ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';

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
  return <form noValidate>{children(form)}</form>;
}
