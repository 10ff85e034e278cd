import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../contracts/endpoints';
import { useNotificationStore } from '../stores/notification-store';
import { ApiError } from './api-client';
import { userManager } from './auth';
import { downloadFile, type DownloadProgress } from './download-file';

const fetchMock = vi.fn<typeof fetch>();
const saved: { href: string; download: string; blob: Blob | undefined }[] = [];
const blobs = new Map<string, Blob>();
const PDF = '%PDF-1.4\n% test document\n';

beforeEach(() => {
  globalThis.fetch = fetchMock;
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  // jsdom has no object URLs and does not download: record what the browser would be handed.
  let next = 0;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${++next}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void blobs.delete(url);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download, blob: blobs.get(this.href) });
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
  vi.useRealTimers();
  saved.length = 0;
  blobs.clear();
  useNotificationStore.getState().dismiss();
});

describe('downloadFile', () => {
  it('fetches the file with the bearer token and saves it under the given name', async () => {
    fetchMock.mockResolvedValue(new Response(PDF, { status: 200, headers: { 'Content-Type': 'application/pdf' } }));

    await downloadFile(
      endpoints.getInvoice,
      { query: { employerPK: 2, fileName: 'Invoice 2025-05.pdf' } },
      { fileName: 'Invoice 2025-05.pdf' },
    );

    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.url).toBe(
      'http://localhost:3000/api/finance/Document/GetInvoice?employerPK=2&fileName=Invoice+2025-05.pdf',
    );
    expect(request.headers.get('Authorization')).toBe('Bearer token-1');
    expect(request.headers.get('Accept')).toBe('application/pdf');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.download).toBe('Invoice 2025-05.pdf');
    expect(await saved[0]!.blob!.text()).toBe(PDF);
    // The link is not left in the page.
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });

  it('lets the object URL go once the browser has it', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(new Response(PDF, { status: 200 }));
    await downloadFile(
      endpoints.specAggFile,
      { query: { employerPK: 2, file: 'SpecAgg 2025-05.pdf' } },
      { fileName: 'SpecAgg 2025-05.pdf' },
    );
    expect(blobs.size).toBe(1);
    vi.runAllTimers();
    expect(blobs.size).toBe(0);
  });

  it('reports progress as the body arrives, with no total when the server streams without a length', async () => {
    const chunks = ['Subscriber ID,First Name\r\n', 'S020001,Ann\r\n', 'S020002,Bob\r\n'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    fetchMock.mockResolvedValue(new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    const progress: DownloadProgress[] = [];

    await downloadFile(
      endpoints.censusReport,
      { body: { employerPK: 2 } },
      { fileName: 'Census Report.csv', onProgress: (p) => progress.push(p) },
    );

    const total = chunks.join('').length;
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toEqual({ receivedBytes: total, totalBytes: total });
    expect(progress.map((p) => p.receivedBytes)).toEqual(
      [...progress.map((p) => p.receivedBytes)].sort((a, b) => a - b),
    );
    expect(await saved[0]!.blob!.text()).toBe(chunks.join(''));
  });

  it('rejects without saving or notifying when the server refuses the file', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ title: 'Not Found', status: 404, detail: 'The requested document was not found.' }),
        {
          status: 404,
          headers: { 'Content-Type': 'application/problem+json' },
        },
      ),
    );

    const error = await downloadFile(
      endpoints.getFundingReport,
      { query: { employerPK: 2, fileName: 'x.pdf' } },
      { fileName: 'x.pdf' },
    ).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect(saved).toHaveLength(0);
    expect(useNotificationStore.getState().current).toBeNull();
  });

  it('turns a connection that breaks mid-file into an ApiError', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('Subscriber ID'));
        controller.error(new TypeError('network error'));
      },
    });
    fetchMock.mockResolvedValue(new Response(body, { status: 200 }));

    const error = await downloadFile(
      endpoints.censusReport,
      { body: { employerPK: 2 } },
      { fileName: 'Census Report.csv' },
    ).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The download was interrupted. Please try again.');
    expect(saved).toHaveLength(0);
  });
});
