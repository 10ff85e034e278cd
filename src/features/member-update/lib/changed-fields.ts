export type FieldChange = { name: string; label: string; from: string; to: string };

export type ReviewedField = {
  /** Field path in the form values, e.g. 'city' or 'address.city'. */
  name: string;
  label: string;
  /** How a value reads in the confirmation (lookup names, MM/dd/yyyy dates); default: as text. */
  show?: (value: unknown) => string;
};

const asText = (value: unknown) =>
  value === undefined || value === null
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value as string | number | boolean);

function valueAt(values: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      values,
    );
}

/** The fields whose value differs from what is on file, as the confirmation modal lists them. */
export function changedFields(onFile: unknown, edited: unknown, fields: readonly ReviewedField[]): FieldChange[] {
  return fields.flatMap((field) => {
    const show = field.show ?? asText;
    const from = show(valueAt(onFile, field.name));
    const to = show(valueAt(edited, field.name));
    return from === to ? [] : [{ name: field.name, label: field.label, from, to }];
  });
}
