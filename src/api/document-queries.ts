import type { z } from 'zod';
import type { DocumentKind, documentListBody } from '../contracts/documents';
import { endpoints } from '../contracts/endpoints';
import { pagedListQueryOptions } from '../lib/paged-list-query';

/** The list call of each document type (spec 2 §7), named as the spec names the call. */
const DOCUMENT_LIST_CALLS = {
  funding: { verb: 'fundingReportList', endpoint: endpoints.fundingReportList },
  invoice: { verb: 'invoiceList', endpoint: endpoints.invoiceList },
  monthly: { verb: 'specAggFileList', endpoint: endpoints.specAggFileList },
} as const satisfies Record<DocumentKind, { verb: string; endpoint: unknown }>;

const ROOT = 'documents';

/** Document list reads; keys are ['documents', verb, { body }], one verb per document type. */
export const documentQueries = {
  all: () => [ROOT] as const,
  list: (kind: DocumentKind, body: z.input<typeof documentListBody>) => {
    const { verb, endpoint } = DOCUMENT_LIST_CALLS[kind];
    // The screen shows list failures itself, with a Retry (the spec only logs them).
    return pagedListQueryOptions(
      ROOT,
      verb,
      endpoint,
      { body },
      { pageFields: ['currentPage', 'pageSize'], totalOf: (answer) => answer.totalCount },
      { notify: false },
    );
  },
};
