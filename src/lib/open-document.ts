import type { Endpoint, EndpointInput } from '../contracts/endpoint';
import { callEndpoint } from './api-client';
import { saveBlob } from './download-file';

// How long a document's object URL outlives the call: enough for the new window (or the download)
// to read it, after which the memory is given back.
const URL_LIFETIME_MS = 60_000;

function showLoading(target: Window, fileName: string): void {
  try {
    target.document.title = fileName;
    target.document.body.textContent = 'Loading document…';
  } catch {
    // A window we may not write to still gets the document below.
  }
}

/**
 * Opens a file answer of the API (a PDF) in a new window. The API needs the bearer token, so the file
 * is fetched through the call layer and shown from an object URL. Call it straight from a click:
 * the window is opened at once, before the call, so popup blockers let it through; it is pointed at
 * the document when it arrives. If the window was blocked anyway, the file is downloaded instead.
 * A failed call closes the window; the call layer has already told the user, and the promise rejects.
 */
export async function openBlobInNewWindow<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  fileName: string,
): Promise<void> {
  const target = window.open('', '_blank');
  if (target) {
    // The document needs no way back into the portal's window.
    target.opener = null;
    showLoading(target, fileName);
  }
  let blob: Blob;
  try {
    blob = (await callEndpoint(endpoint, input)) as Blob;
  } catch (error) {
    target?.close();
    throw error;
  }
  if (!target || target.closed) {
    saveBlob(blob, fileName);
    return;
  }
  const url = URL.createObjectURL(blob);
  target.location.href = url;
  window.setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
}
