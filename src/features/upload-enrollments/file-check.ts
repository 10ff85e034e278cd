import { IMPORT_FORMATS, IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../contracts/imports';

/** The accept attribute of the file chooser. */
export const IMPORT_ACCEPT = IMPORT_FORMATS.map((format) => `.${format}`).join(',');

/**
 * Why a chosen file is refused before any byte is sent (the server checks again), or null. The
 * extension decides the format, as it does for the server.
 */
export function refusalOfFile(file: Pick<File, 'name' | 'size'>): string | null {
  const extension = file.name.toLowerCase().split('.').pop();
  if (!file.name.includes('.') || !IMPORT_FORMATS.some((format) => format === extension)) {
    return IMPORT_MESSAGES.fileType;
  }
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge;
  if (file.size === 0) return IMPORT_MESSAGES.empty;
  return null;
}
