const escaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching values that contain the text; a typed % or _ matches itself. */
export function contains(text: string) {
  return `%${escaped(text)}%`;
}

/** A LIKE pattern matching values that start with the text; a typed % or _ matches itself. */
export function startsWith(text: string) {
  return `${escaped(text)}%`;
}
