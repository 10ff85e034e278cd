import { useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { emptyDependent, type DependentsValues } from '../lib/wizard-values';

/**
 * The rules of the dependent editor (spec 1 §4): one dependent is edited at a time; another one is
 * added or chosen only once the current one is valid; deleting one goes back to the first; Skip
 * applies while there is a single dependent.
 */
export function useDependentsEditor(form: UseFormReturn<DependentsValues>, onInvalid: () => void) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'dependents' });
  const [selected, setSelected] = useState(0);
  const current = Math.min(selected, Math.max(fields.length - 1, 0));

  const currentIsValid = () => form.trigger(`dependents.${current}`);

  /** Adds a blank dependent after the current one validates; else its errors show. */
  const add = async (): Promise<boolean> => {
    if (!(await currentIsValid())) {
      onInvalid();
      return false;
    }
    append(emptyDependent());
    setSelected(fields.length);
    return true;
  };

  /** Switches to another dependent after the current one validates. */
  const select = async (index: number): Promise<boolean> => {
    if (index === current) return true;
    if (!(await currentIsValid())) {
      onInvalid();
      return false;
    }
    setSelected(index);
    return true;
  };

  const removeAt = (index: number) => {
    if (fields.length <= 1) return;
    remove(index);
    setSelected(0);
  };

  return {
    fields,
    selected: current,
    add,
    select,
    removeAt,
    /** Shows a dependent without checking the current one (to show its errors). */
    show: setSelected,
    canSkip: fields.length === 1,
    canDelete: fields.length > 1,
  };
}
export type DependentsEditorState = ReturnType<typeof useDependentsEditor>;
