import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerFieldErrors, type PlacedServerError } from '../../../components/form/server-field-errors';
import { START_BEFORE_GROUP_MESSAGE } from '../../../contracts/requests';
import { describeField, labelOf } from './field-labels';
import type { WizardSection } from './wizard-values';

type StepServerErrors = {
  /** Errors put on the fields of the current step's form, by form path. */
  fields: PlacedServerError[];
  /** Errors that belong to no field on this step, as readable sentences. */
  general: string[];
  /** The server refused the subscriber's start before the group's: the notice modal applies. */
  startBeforeGroup: boolean;
};

/** Where a server error path (`subscriber.firstName`, `dependents.0.ssn`) lives in the wizard. */
function locate(key: string): { section: WizardSection; name: string } | null {
  const path = key.replace(/^body\./, '');
  const subscriber = /^subscriber\.(.+)$/.exec(path);
  if (subscriber?.[1]) return { section: 'subscriber', name: subscriber[1] === 'ssnLast4' ? 'ssn' : subscriber[1] };
  const dependent = /^(dependents\.\d+)\.(.+)$/.exec(path);
  if (dependent?.[1] && dependent[2]) {
    return { section: 'dependents', name: `${dependent[1]}.${dependent[2] === 'ssnLast4' ? 'ssn' : dependent[2]}` };
  }
  for (const section of ['employment', 'plan'] as const) if (labelOf(section, path)) return { section, name: path };
  return null;
}

/**
 * Puts the field errors of a rejected save on the current step's form (`form` null: on none), words
 * everything else as sentences, and spots the start-date refusal. Null when there were no field errors.
 */
export function applyStepServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> } | null,
  error: unknown,
  current: WizardSection,
): StepServerErrors | null {
  let startBeforeGroup = false;
  const result = applyServerFieldErrors(form, error, {
    fieldOf: (key) => {
      const place = locate(key);
      return place && place.section === current && labelOf(current, place.name) ? place.name : undefined;
    },
    ignore: (message) => {
      if (message !== START_BEFORE_GROUP_MESSAGE) return false;
      startBeforeGroup = true;
      return true;
    },
    typesPerMessage: true,
  });
  if (!result) return null;
  const general = result.unplaced.flatMap(({ path, messages }) => {
    const place = locate(path);
    const where = place ? describeField(place.section, place.name) : path && path !== '_' ? path : '';
    return messages.map((message) => (where ? `${where}: ${message}` : message));
  });
  return { fields: result.fields, general, startBeforeGroup };
}
