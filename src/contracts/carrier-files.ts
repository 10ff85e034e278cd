import { z } from 'zod';
import { id, knownCount, pageNumber, pk, text } from './common';

export const CARRIER_FILE_STATUSES = [
  'Generating',
  'Invalid',
  'Generated',
  'Delivered',
  'Accepted',
  'Rejected',
] as const;
export type CarrierFileStatus = (typeof CARRIER_FILE_STATUSES)[number];
export const CARRIER_FILE_KINDS = ['change', 'full'] as const;

export const CARRIER_FILE_PAGE_SIZE = 10;
export const CARRIER_FILE_VIEW_PAGE_SIZE = 50;

export const carrierFileItem = z.object({
  carrierFilePK: z.number().int(),
  fileName: z.string(),
  kind: z.enum(CARRIER_FILE_KINDS),
  createdAt: z.string(),
  members: z.number().int(),
  segments: z.number().int(),
  controlNumber: z.number().int(),
  status: z.enum(CARRIER_FILE_STATUSES),
  /** Why a file was not delivered, or the errors of a rejecting acknowledgment. */
  problems: z.array(z.string()),
});
export type CarrierFileItem = z.infer<typeof carrierFileItem>;

export const carrierFileListBody = z.object({
  employerPK: id,
  currentPage: pageNumber.default(0),
  pageSize: z.number().int().min(1).max(100).default(CARRIER_FILE_PAGE_SIZE),
  knownCount,
});
export const carrierFileList = z.object({
  result: z.array(carrierFileItem),
  totalCount: z.number().int().nonnegative(),
  /** Requests pushed since the last change file, waiting in the open batch. */
  openBatch: z.number().int().nonnegative(),
});

export const carrierFileQuery = z.object({ employerPK: pk, carrierFilePK: pk });
export const carrierFileViewQuery = carrierFileQuery.extend({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const carrierGroupBody = z.object({ employerPK: id });

/** A closed batch or a full file: null when the batch was empty. */
export const carrierFileAnswer = z.object({ file: carrierFileItem.nullable() });

const viewCoverage = z.object({
  line: z.string(),
  planCode: z.string(),
  level: z.string(),
  begin: z.string(),
  end: z.string(),
});
const viewMember = z.object({
  subscriberID: z.string(),
  subscriber: z.boolean(),
  relationship: z.string(),
  name: z.string(),
  /** `***-**-1234`, or empty when the file carries no SSN for the member. */
  ssn: z.string(),
  dateOfBirth: z.string(),
  maintenance: z.string(),
  maintenanceName: z.string(),
  reason: z.string(),
  reasonName: z.string(),
  eligibilityEnd: z.string(),
  coverages: z.array(viewCoverage),
});
export type CarrierFileViewMember = z.infer<typeof viewMember>;

/** A readable page of one file, member by member, read back from the file itself. */
export const carrierFileView = z.object({
  file: carrierFileItem,
  fileDate: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  members: z.array(viewMember),
});

/** An uploaded 999 acknowledgment, as text (X12 files are small ASCII). */
export const acknowledgmentBody = z.object({
  employerPK: id,
  content: text(500_000).min(1, 'Choose a 999 acknowledgment file.'),
});
