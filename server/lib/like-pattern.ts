/** A LIKE pattern matching values that contain the text; a typed % or _ matches itself. */
export function contains(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
