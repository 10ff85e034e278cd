/** A server's message as a sentence of its own: "Internal Server Error" becomes "Internal Server Error." */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) || trimmed === '' ? trimmed : `${trimmed}.`;
}
