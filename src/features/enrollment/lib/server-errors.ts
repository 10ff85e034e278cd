import { START_BEFORE_GROUP_MESSAGE } from '../../../contracts/requests';
import { describeField, labelOf } from './field-labels';
import type { WizardSection } from './wizard-values';

export type MappedServerErrors = {
  /** Errors of fields on the current step's form, by form path. */
  fields: { name: string; messages: string[] }[];
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
 * Splits the field errors of a 400 answer (`problem.errors`, keyed by payload path) into errors of
 * the fields on the current step, sentences for everything else, and the start-date notice.
 */
export function mapServerErrors(errors: Record<string, readonly string[]>, current: WizardSection): MappedServerErrors {
  const result: MappedServerErrors = { fields: [], general: [], startBeforeGroup: false };
  for (const [key, all] of Object.entries(errors)) {
    const messages = all.filter((m) => {
      if (m !== START_BEFORE_GROUP_MESSAGE) return true;
      result.startBeforeGroup = true;
      return false;
    });
    if (messages.length === 0) continue;
    const place = locate(key);
    if (place && place.section === current && labelOf(current, place.name)) {
      const existing = result.fields.find((f) => f.name === place.name);
      if (existing) existing.messages.push(...messages);
      else result.fields.push({ name: place.name, messages: [...messages] });
      continue;
    }
    const where = place ? describeField(place.section, place.name) : key && key !== '_' ? key : '';
    for (const message of messages) result.general.push(where ? `${where}: ${message}` : message);
  }
  return result;
}
