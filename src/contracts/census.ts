import { z } from 'zod';
import { id, isoDate } from './common';

/** CSV columns of spec 2 §2, in order. */
export const CENSUS_COLUMNS = [
  'Subscriber ID',
  'First Name',
  'Last Name',
  'Date Of Birth',
  'Gender',
  'Email',
  'Address1',
  'Address2',
  'City',
  'State',
  'ZipCode',
  'SSN#',
  'Relation',
  'Plan Code',
  'Network Code',
  'Tier Code',
  'Date Of Hire',
  'Coverage Start',
  'Coverage End',
  'Division Code',
] as const;
export const CENSUS_FILE_NAME = 'Census Report.csv';

export const censusQuery = z.object({
  employerPK: id,
  startDate: isoDate.or(z.literal('')).optional(),
  endDate: isoDate.or(z.literal('')).optional(),
});

/**
 * What a census for a range holds, without any member data: the screen shows it when it opens, so
 * no full SSN leaves the server until the user asks for the file.
 */
export const censusSummary = z.object({
  /** The range as applied: no dates means today; one date leaves the other side open (null). */
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  /** Rows of the CSV: one per member per medical or dental coverage in the range. */
  rowCount: z.number().int().nonnegative(),
  subscriberCount: z.number().int().nonnegative(),
  dependentCount: z.number().int().nonnegative(),
});
