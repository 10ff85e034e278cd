import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../contracts/endpoints';
import { useNotificationStore } from '../stores/notification-store';
import { ApiError } from './api-client';
import { userManager } from './auth';
import { openBlobInNewWindow } from './open-document';

const fetchMock = vi.fn<typeof fetch>();
const pdfAnswer = () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });

/** A stand-in for the window window.open gives back. */
function fakeWindow() {
  return {
    closed: false,
    opener: {} as unknown,
    close: vi.fn(),
    location: { href: 'about:blank' },
    document: document.implementation.createHTMLDocument(''),
  };
}

beforeEach(() => {
  globalThis.fetch = fetchMock;
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  vi.spyOn(userManager, 'removeUser').mockResolvedValue();
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/doc-1');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
  useNotificationStore.getState().dismiss();
});

describe('openBlobInNewWindow', () => {
  it('opens the window at once, then points it at the fetched document', async () => {
    const target = fakeWindow();
    const open = vi.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    const done = openBlobInNewWindow(endpoints.viewEnrollmentPdf, { query: { requestPK: 7 } }, 'request-7.pdf');
    // Before the answer: the window exists (the click's own turn), cut off from the portal, saying it loads.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(target.opener).toBeNull();
    expect(target.document.title).toBe('request-7.pdf');
    expect(target.document.body.textContent).toBe('Loading document…');

    answer(pdfAnswer());
    await done;
    const sent = fetchMock.mock.calls[0]![0] as Request;
    expect(sent.url).toBe('http://localhost:3000/api/enrollment/Report/ViewEnrollmentPDF?requestPK=7');
    expect(sent.headers.get('Authorization')).toBe('Bearer token-1');
    expect(target.location.href).toBe('blob:http://localhost/doc-1');
  });

  it('closes the window and rejects when the call fails (the call layer tells the user)', async () => {
    const target = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ title: 'Not Found', status: 404 }), { status: 404 }));

    await expect(
      openBlobInNewWindow(endpoints.viewEnrollmentPdf, { query: { requestPK: 8 } }, 'x.pdf'),
    ).rejects.toBeInstanceOf(ApiError);
    expect(target.close).toHaveBeenCalled();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('downloads the file under its name when the window was blocked', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    fetchMock.mockResolvedValue(pdfAnswer());

    await openBlobInNewWindow(endpoints.viewEnrollmentPdf, { query: { requestPK: 9 } }, 'request-9.pdf');
    expect(clicked).toEqual([{ href: 'blob:http://localhost/doc-1', download: 'request-9.pdf' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
