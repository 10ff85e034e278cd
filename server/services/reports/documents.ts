// Funding reports, admin invoices and monthly (spec/agg) reports (spec 2 §2, §7): paged lists and
// downloads of the PDFs stored in the documents table. Files are only ever read from the database,
// by (group, kind, exact name); nothing here touches the file system.
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { DocumentKind, documentListBody } from '../../../src/contracts/documents';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { notFound } from '../../lib/problem';
import { listTotal } from '../../lib/list-total';

type ListBody = z.output<typeof documentListBody>;

/** Newest first; both date filters are inclusive on createDate. A reversed range simply matches nothing. */
export function documentFilter(
  employerPK: number,
  kind: DocumentKind,
  { startDate, endDate }: Pick<ListBody['filterOptions'], 'startDate' | 'endDate'>,
) {
  return and(
    eq(documents.employerPK, employerPK),
    eq(documents.kind, kind),
    startDate ? gte(documents.createDate, startDate) : undefined,
    endDate ? lte(documents.createDate, endDate) : undefined,
  );
}

export async function listDocuments(db: Db, employerPK: number, kind: DocumentKind, body: ListBody) {
  const where = documentFilter(employerPK, kind, body.filterOptions);
  const [result, totalCount] = await Promise.all([
    db
      .select({ createDate: documents.createDate, documentName: documents.documentName })
      .from(documents)
      .where(where)
      .orderBy(desc(documents.createDate), desc(documents.documentName), desc(documents.documentPK))
      .limit(body.pageSize)
      .offset(body.currentPage * body.pageSize),
    listTotal(db, body.knownCount, documents, where),
  ]);
  return { result, totalCount, pageSize: body.pageSize };
}

/** A bare file name; anything path-like is answered as missing, like a name that does not exist. */
function isPlainName(name: string) {
  return !/[/\\\0]/.test(name) && name !== '.' && name !== '..';
}

/** The stored file of one document of the group, as a download named after the document. */
export async function documentFile(db: Db, employerPK: number, kind: DocumentKind, documentName: string) {
  if (!isPlainName(documentName)) throw notFound('The requested document was not found.');
  const [doc] = await db
    .select({ documentName: documents.documentName, content: documents.content, mimeType: documents.mimeType })
    .from(documents)
    .where(
      and(eq(documents.employerPK, employerPK), eq(documents.kind, kind), eq(documents.documentName, documentName)),
    )
    .limit(1);
  if (!doc) throw notFound('The requested document was not found.');
  return {
    fileName: doc.documentName,
    contentType: doc.mimeType,
    data: doc.content,
    disposition: 'attachment' as const,
  };
}
