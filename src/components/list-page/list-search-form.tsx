import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorSummary } from '../form/form-error-summary';

type FilterForm<TIn extends FieldValues, TOut> = {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** Failed searches: the error summary takes focus after each. */
  attempt: number;
  submit: ReturnType<UseFormReturn<TIn, unknown, TOut>['handleSubmit']>;
};

/**
 * A filter form checked by `schema` on Search: valid values go to `onValid`; otherwise the error
 * summary at the form's top lists the errors and takes focus (the fields do not).
 */
export function useFilterForm<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TIn>,
  defaultValues: DefaultValues<TIn>,
  onValid: (values: TOut) => void,
): FilterForm<TIn, TOut> {
  const form = useForm<TIn, unknown, TOut>({ resolver: zodResolver(schema), defaultValues, shouldFocusError: false });
  const [attempt, setAttempt] = useState(0);
  const submit = form.handleSubmit(onValid, () => setAttempt((a) => a + 1));
  return { form, attempt, submit };
}

type ListSearchFormProps<TIn extends FieldValues, TOut> = {
  /** Names the search landmark, e.g. 'Search claims'. */
  label: string;
  filter: FilterForm<TIn, TOut>;
  /** Labels of the fields that can be wrong, by name in screen order, for the error summary. */
  labels: Partial<Record<FieldPath<TIn>, string>>;
  idPrefix: string;
  children: ReactNode;
};

const fieldsOf = <T extends FieldValues>(labels: Partial<Record<FieldPath<T>, string>>) =>
  Object.entries(labels).map(([name, label]) => ({ name: name as FieldPath<T>, label: label as string }));

/** The search form above a list: the error summary of a failed search, then the fields and buttons. */
export function ListSearchForm<TIn extends FieldValues, TOut>({
  label,
  filter,
  labels,
  idPrefix,
  children,
}: ListSearchFormProps<TIn, TOut>) {
  return (
    <Stack
      component="form"
      role="search"
      aria-label={label}
      noValidate
      onSubmit={(event) => void filter.submit(event)}
      spacing={2}
    >
      <FormErrorSummary form={filter.form} fields={fieldsOf(labels)} idPrefix={idPrefix} attempt={filter.attempt} />
      {children}
    </Stack>
  );
}
