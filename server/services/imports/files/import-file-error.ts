/**
 * A file the upload refuses, with the message the user reads. The service answers it as a 400 field
 * error on `file`; any other error thrown while reading a file is a bug, not the user's to fix.
 */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}
