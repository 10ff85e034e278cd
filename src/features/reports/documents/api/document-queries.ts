import type { DocumentKind } from '../../../../contracts/documents';
import { endpointQueryOptions } from '../../../../lib/endpoint-query';
import { DOCUMENT_LIST_CALLS } from '../document-kinds';
import type { DocumentListBody } from '../document-search';

/** Document list reads; keys are ['documents', verb, { body }], one verb per document type. */
export const documentQueries = {
  all: () => ['documents'] as const,
  list: (kind: DocumentKind, body: DocumentListBody) => {
    const { verb, endpoint } = DOCUMENT_LIST_CALLS[kind];
    // The screen shows list failures itself, with a Retry (the spec only logs them).
    return endpointQueryOptions('documents', verb, endpoint, { body }, { notify: false });
  },
};
