import type { FieldErrors, FieldValues } from 'react-hook-form';
import { messagesOf } from './field-messages';

type FieldMessage = { name: string; message: string };

function isFieldError(value: unknown): value is { type: unknown; message?: string; types?: Record<string, unknown> } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    typeof (value as { type: unknown }).type === 'string'
  );
}

/**
 * Every message of a react-hook-form error tree, one entry per message, with the field path
 * (`dependents.1.ssn`; an array's own error is `dependents.root`, a form-wide one `root`).
 */
export function flattenFieldErrors<T extends FieldValues>(errors: FieldErrors<T>, prefix = ''): FieldMessage[] {
  const out: FieldMessage[] = [];
  const walk = (node: unknown, path: string) => {
    if (node === null || typeof node !== 'object') return;
    if (isFieldError(node)) {
      for (const message of messagesOf(node as Parameters<typeof messagesOf>[0])) out.push({ name: path, message });
    }
    for (const [key, child] of Object.entries(node)) {
      // A field error's own parts are not fields.
      if (isFieldError(node) && (key === 'type' || key === 'message' || key === 'types' || key === 'ref')) continue;
      if (key === 'ref') continue;
      walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(errors, prefix);
  return out;
}

/** Orders messages as the fields appear: by the position of their pattern (`dependents.#.ssn`) in `fieldOrder`. */
export function sortByFieldOrder(messages: FieldMessage[], fieldOrder: readonly string[]): FieldMessage[] {
  const rank = (name: string) => {
    const indexes = [...name.matchAll(/\.(\d+)(?=\.|$)/g)].map((m) => Number(m[1]));
    const pattern = name.replace(/\.\d+(?=\.|$)/g, '.#');
    const position = fieldOrder.indexOf(pattern);
    return [...indexes, position === -1 ? fieldOrder.length : position];
  };
  return messages
    .map((message, i) => ({ message, key: rank(message.name), i }))
    .sort((a, b) => {
      for (let k = 0; k < Math.max(a.key.length, b.key.length); k++) {
        const d = (a.key[k] ?? -1) - (b.key[k] ?? -1);
        if (d !== 0) return d;
      }
      return a.i - b.i;
    })
    .map((entry) => entry.message);
}
