// Exports of the lists: the whole filtered list (not a page) as a spreadsheet or CSV file.
import { z } from 'zod';
import { claimSearchBody } from './claims';
import { documentListBody } from './documents';
import { requestListQuery } from './requests';
import { subscriberListQuery } from './subscribers';
import { userListQuery } from './users';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const format = z.enum(EXPORT_FORMATS).default('xlsx');

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** What each list is called in its file's name: "<list> <group id> <yyyy-mm-dd>.<format>". */
export const EXPORT_LISTS = {
  members: 'Members',
  claims: 'Claims',
  requests: 'Enrollment Submissions',
  funding: 'Claims Funding Reports',
  invoice: 'Admin Invoices',
  monthly: 'Monthly Reports',
  users: 'Users',
} as const;
export type ExportList = keyof typeof EXPORT_LISTS;

export function exportFileName(list: ExportList, groupID: string, day: string, fileFormat: ExportFormat): string {
  return `${EXPORT_LISTS[list]} ${groupID} ${day}.${fileFormat}`;
}

const paging = { recordsPerPage: true, page: true, knownCount: true } as const;

export const memberExportBody = subscriberListQuery.omit({ ...paging, sortColumn: true }).extend({ format });
export const claimExportBody = claimSearchBody
  .omit({ ...paging, sortColumn: true, sortOrder: true })
  .extend({ format });
export const requestExportBody = requestListQuery.omit({ ...paging, sortColumn: true }).extend({ format });
export const documentExportBody = documentListBody
  .omit({ currentPage: true, pageSize: true, knownCount: true })
  .extend({ format });
export const userExportBody = userListQuery.omit(paging).extend({ format });
