import {
  IMPORT_FIELDS,
  type ImportCounts,
  type ImportField,
  type ImportRowKind,
  type ImportStatus,
  type ImportView,
} from '../../contracts/imports';
import { isApiError } from '../../lib/api-client';
import type { ImportRowFilter } from './upload-search';

export const KIND_LABELS: Record<ImportRowKind, string> = {
  new: 'New',
  update: 'Update',
  identity: 'Name change',
  unchanged: 'Unchanged',
  error: 'Error',
  termination: 'Not in roster',
};

export const KIND_COLORS: Record<ImportRowKind, 'success' | 'info' | 'warning' | 'default' | 'error'> = {
  new: 'success',
  update: 'info',
  identity: 'warning',
  unchanged: 'default',
  error: 'error',
  termination: 'warning',
};

export const STATUS_LABELS: Record<ImportStatus, string> = {
  reading: 'Being read',
  preview: 'Preview (not committed)',
  committing: 'Committing',
  committed: 'Committed',
  cancelled: 'Commit cancelled',
  discarded: 'Discarded',
  withdrawn: 'Withdrawn',
};

export const FILTER_LABELS: Record<ImportRowFilter, string> = {
  all: 'All',
  errors: 'Errors only',
  new: 'New',
  update: 'Updates',
  identity: 'Name changes',
  unchanged: 'Unchanged',
  termination: 'Not in roster',
};

/** How many rows each filter shows, from the upload's counts. */
export function filterCount(counts: ImportCounts, filter: ImportRowFilter): number {
  switch (filter) {
    case 'all':
      return counts.rows;
    case 'errors':
      return counts.errorRows;
    default:
      return counts[filter];
  }
}

const FIELD_LABELS = new Map<string, string>(IMPORT_FIELDS.map((field) => [field.key, field.label]));

/** The label of a field key ('dateOfBirth' → 'Date of Birth'); the key itself when unknown. */
export const fieldLabel = (field: string): string => FIELD_LABELS.get(field) ?? field;

/** Fields a usable file carries: the mapping panel opens by itself while one of them is unmapped. */
export const REQUIRED_LOOKING_FIELDS: readonly ImportField[] = [
  'relationship',
  'firstName',
  'lastName',
  'ssn',
  'dateOfBirth',
];

export const isMapped = (view: Pick<ImportView, 'mapping'>, field: ImportField) =>
  view.mapping[field] !== undefined && view.mapping[field] !== null;

const DELIMITER_NAMES: Record<string, string> = { ',': 'Comma', ';': 'Semicolon', '\t': 'Tab', '|': 'Pipe' };

export const delimiterLabel = (delimiter: string) => DELIMITER_NAMES[delimiter] ?? `“${delimiter}”`;

/** The SSN as the preview shows it: only its last 4. */
export const maskedSsn = (last4: string | null) => (last4 ? `•••-••-${last4}` : '');

export const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const dateTimeLabel = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US');
};

/** What a failed call says: the field error of `field` first, then the problem's detail. */
export function failureMessage(error: unknown, field?: string): string {
  if (!isApiError(error)) return 'Please try again.';
  const fieldError = field ? error.problem.errors?.[field]?.[0] : undefined;
  const firstError = Object.values(error.problem.errors ?? {})[0]?.[0];
  return fieldError ?? error.problem.detail ?? firstError ?? error.problem.title;
}

/** The base of the upload's file name, for the files saved about it. */
export const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || 'upload';
