import { z } from 'zod';
import { isoDate } from './common';

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
  employerPK: z.number().int().positive(),
  startDate: isoDate.or(z.literal('')).optional(),
  endDate: isoDate.or(z.literal('')).optional(),
});
