import { describe, expect, it } from 'vitest';
import { ImportFileError } from './import-file-error';

describe('ImportFileError', () => {
  it('is an Error carrying the user-facing message', () => {
    const error = new ImportFileError('Choose an .xlsx or .csv file.');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error.name).toBe('ImportFileError');
    expect(error.message).toBe('Choose an .xlsx or .csv file.');
  });
});
