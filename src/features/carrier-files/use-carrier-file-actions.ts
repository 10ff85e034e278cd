import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { carrierFileQueries } from '../../api/carrier-file-queries';
import type { CarrierFileItem } from '../../contracts/carrier-files';
import { endpoints } from '../../contracts/endpoints';
import type { ApiError } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { useEndpointMutation } from '../../lib/endpoint-query';

export type ActionOutcome = { severity: 'success' | 'info' | 'error'; message: string };

const outcomeOfFile = (file: CarrierFileItem | null, empty: string): ActionOutcome =>
  file === null
    ? { severity: 'info', message: empty }
    : file.status === 'Invalid' || file.status === 'Rejected'
      ? { severity: 'error', message: `${file.fileName} is ${file.status}: ${file.problems.join(' ')}` }
      : { severity: 'success', message: `${file.fileName} is ${file.status} with ${file.members} members.` };

const failed = (error: ApiError): ActionOutcome => ({
  severity: 'error',
  message: error.problem.errors?.content?.[0] ?? error.message,
});

/** Send the open batch, generate a full file, upload a 999, download a file: each says how it went. */
export function useCarrierFileActions(employerPK: number) {
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const invalidates = [carrierFileQueries.all()];
  const close = useEndpointMutation(endpoints.closeCarrierBatch, {
    invalidates,
    onSuccess: ({ file }) => setOutcome(outcomeOfFile(file, 'No processed changes are waiting for the carrier.')),
    onError: (error) => setOutcome(failed(error)),
  });
  const full = useEndpointMutation(endpoints.generateFullFile, {
    invalidates,
    onSuccess: ({ file }) => setOutcome(outcomeOfFile(file, 'No file was generated.')),
    onError: (error) => setOutcome(failed(error)),
  });
  const acknowledge = useEndpointMutation(endpoints.carrierAcknowledgment, {
    invalidates,
    onSuccess: ({ file }) => setOutcome(outcomeOfFile(file, '')),
    onError: (error) => setOutcome(failed(error)),
  });
  const download = useMutation<void, ApiError, CarrierFileItem>({
    mutationFn: (file) =>
      downloadFile(
        endpoints.carrierFile,
        { query: { employerPK, carrierFilePK: file.carrierFilePK } },
        { fileName: file.fileName },
      ),
    onError: (error) => setOutcome(failed(error)),
  });
  const body = { body: { employerPK } };
  return {
    outcome,
    busy: close.isPending || full.isPending || acknowledge.isPending,
    downloading: download.isPending ? (download.variables?.carrierFilePK ?? null) : null,
    sendOpenBatch: () => close.mutate(body),
    generateFullFile: () => full.mutate(body),
    uploadAcknowledgment: async (upload: File) =>
      acknowledge.mutate({ body: { employerPK, content: await upload.text() } }),
    download: (file: CarrierFileItem) => download.mutate(file),
  };
}
