import type { Problem } from '../contracts/common';
import type { Endpoint, EndpointInput } from '../contracts/endpoint';
import { ApiError, callEndpoint } from './api-client';

export type DownloadProgress = {
  receivedBytes: number;
  /** 0 when the server streams without announcing a length (the census does). */
  totalBytes: number;
};

export type DownloadFileOptions = {
  /** Name the browser saves the file under. */
  fileName: string;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
};

type FileEndpoint = Endpoint & { responseType: 'pdf' | 'csv' | 'x12' | 'export' };

// Long enough for the browser to start reading the object URL after the click, short enough not to
// keep a large file in memory for the rest of the session.
const REVOKE_AFTER_MS = 10_000;

/**
 * Hands a Blob to the browser's own download: the bytes are never read or copied by the page, so
 * a file of any size leaves the main thread free.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Fetches a file answer of the endpoint table through the API client (bearer token, failure rules)
 * and saves it under `fileName`. Failures are left to the caller to show: the spec only logs them.
 */
export async function downloadFile<E extends FileEndpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  { fileName, onProgress, signal }: DownloadFileOptions,
): Promise<void> {
  let blob: Blob;
  try {
    blob = (await callEndpoint(endpoint, input, {
      notify: false,
      signal,
      onDownloadProgress: onProgress
        ? ({ transferredBytes, totalBytes }) => onProgress({ receivedBytes: transferredBytes, totalBytes })
        : undefined,
    })) as Blob;
  } catch (error) {
    if (error instanceof ApiError || isAbort(error)) throw error;
    // The connection broke while the body was still arriving.
    console.error(`Download of ${fileName} failed`, error);
    const problem: Problem = {
      title: 'Download interrupted',
      status: 0,
      detail: 'The download was interrupted. Please try again.',
    };
    throw new ApiError(0, problem);
  }
  saveBlob(blob, fileName);
}
