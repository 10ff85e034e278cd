import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { closeModal, openModal, useIsModalOpen } from '../../../stores/modal-slice';
import { changedFields, type FieldChange, type ReviewedField } from '../lib/changed-fields';

/**
 * 'Review Changes' then 'Confirm': a valid form opens the confirmation modal (the store's one
 * modal) listing what differs from the record on file; an invalid one bumps `focusKey` so the
 * error summary takes focus. `confirm` hands the validated values to `save`.
 */
export function useReviewChanges<TIn extends FieldValues, TOut>(opts: {
  form: UseFormReturn<TIn, unknown, TOut>;
  onFile: TIn;
  fields: readonly ReviewedField[];
  save: (values: TOut) => void;
}) {
  const { form, onFile, fields, save } = opts;
  const [reviewed, setReviewed] = useState<{ values: TOut; changes: FieldChange[] } | null>(null);
  const [focusKey, setFocusKey] = useState(0);
  const open = useIsModalOpen('confirmationModal');

  const review = form.handleSubmit(
    (values) => {
      setReviewed({ values, changes: changedFields(onFile, form.getValues(), fields) });
      openModal('confirmationModal');
    },
    () => setFocusKey((key) => key + 1),
  );

  const confirm = () => {
    if (reviewed) save(reviewed.values);
  };

  return {
    review,
    confirm,
    cancel: closeModal,
    /** After a failed save: close the modal and show the errors; the typed values stay. */
    failed: () => {
      closeModal();
      setFocusKey((key) => key + 1);
    },
    modalOpen: open && reviewed !== null,
    changes: reviewed?.changes ?? [],
    focusKey,
  };
}
