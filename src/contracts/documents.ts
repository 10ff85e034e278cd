import { z } from 'zod';
import { id, isoDate, knownCount, pageNumber, pk } from './common';

export const DOCUMENT_KINDS = ['funding', 'invoice', 'monthly'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  funding: 'Claims Funding Report',
  invoice: 'Admin Invoice',
  monthly: 'Monthly Reports',
};

export const DOCUMENT_PAGE_SIZE = 10;
export const DOCUMENT_PAGE_LINKS = 5;

const documentItem = z.object({ createDate: isoDate, documentName: z.string() });
export type DocumentItem = z.infer<typeof documentItem>;

export const documentListBody = z.object({
  currentPage: pageNumber.default(0),
  pageSize: z.number().int().min(1).max(100).default(DOCUMENT_PAGE_SIZE),
  filterOptions: z.object({
    startDate: isoDate.or(z.literal('')).optional(),
    endDate: isoDate.or(z.literal('')).optional(),
    employerPK: id,
  }),
  knownCount,
});
export const documentList = z.object({
  result: z.array(documentItem),
  totalCount: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
});

/**
 * A document's name as listed (spec 2 §7 downloads). Only length is checked here: the server looks
 * the name up in its own records and answers a path-like or unknown name with 404, never a disk read
 * (NUL included, which the service refuses before the database).
 */
const documentFileName = z.string().min(1).max(200);

export const financeDocumentQuery = z.object({ employerPK: pk, fileName: documentFileName });
export const specAggFileQuery = z.object({ employerPK: pk, file: documentFileName });
