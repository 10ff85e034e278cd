import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { applyServerFieldErrors, fieldsNamed } from '../../../components/form/server-field-errors';
import type { ReviewedField } from '../lib/changed-fields';
import { useReviewChanges } from './use-review-changes';

type SaveCallbacks = { onSuccess: () => void; onError: (error: unknown) => void };

type MemberUpdateFormOptions<TIn extends FieldValues, TOut extends { ssn?: unknown }> = {
  resolver: Resolver<TIn, unknown, TOut>;
  /** The record on file, as form values: the defaults and what changes are compared with. */
  onFile: TIn;
  fields: readonly ReviewedField[];
  /** The member's key in the request body (`subscriber`): the server's error paths start with it; also the fields' id prefix. */
  prefix: string;
  /** Sends the reviewed member; the callbacks go to the mutation. */
  send: (member: NoInfer<TOut> | Omit<NoInfer<TOut>, 'ssn'>, callbacks: SaveCallbacks) => void;
  onSaved: () => void;
};

/**
 * An update form of spec 1 §5 (subscriber or dependent): every error listed, 'Review Changes' then
 * 'Confirm', and the field errors of a rejected save put on the fields, the form kept as typed.
 */
export function useMemberUpdateForm<TIn extends FieldValues, TOut extends { ssn?: unknown }>(
  options: MemberUpdateFormOptions<TIn, TOut>,
) {
  const { resolver, onFile, fields, prefix, send, onSaved } = options;
  const form = useForm<TIn, unknown, TOut>({
    resolver,
    defaultValues: onFile as DefaultValues<TIn>,
    criteriaMode: 'all',
    mode: 'onTouched',
  });

  const review = useReviewChanges({
    form,
    onFile,
    fields,
    save: (values) => {
      // An empty SSN means "keep the one on file": the variant without it applies.
      const { ssn, ...rest } = values;
      send(ssn ? values : rest, {
        onSuccess: onSaved,
        onError: (error) => {
          const names = fields.map((f) => f.name);
          applyServerFieldErrors(form, error, { fieldOf: fieldsNamed(names, prefix), unplacedOnRoot: true });
          review.failed();
        },
      });
    },
  });

  return { form, review, fields, idPrefix: prefix };
}
