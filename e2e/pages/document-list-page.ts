import { expect, type Download, type Locator, type Page } from '@playwright/test';

type DocumentScreen = { path: '/funding-report' | '/invoice' | '/monthly-reports'; title: string };

export const FUNDING_REPORTS: DocumentScreen = { path: '/funding-report', title: 'Claims Funding Report' };
export const INVOICES: DocumentScreen = { path: '/invoice', title: 'Admin Invoice' };
export const MONTHLY_REPORTS: DocumentScreen = { path: '/monthly-reports', title: 'Monthly Reports' };

/** The shared document list: date filters, a page of documents, paging and 'Download Document'. */
export class DocumentListPage {
  readonly heading: Locator;
  readonly rows: Locator;
  readonly downloadButton: Locator;
  readonly searchButton: Locator;
  readonly pages: Locator;
  readonly rangeStatus: Locator;
  readonly errorAlert: Locator;

  constructor(
    private readonly page: Page,
    readonly screen: DocumentScreen,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: screen.title });
    this.rows = page.getByTestId('document-row');
    this.downloadButton = page.getByRole('button', { name: 'Download Document' });
    this.searchButton = page
      .getByRole('search', { name: `Search ${screen.title}` })
      .getByRole('button', { name: 'Search' });
    this.pages = page.getByRole('navigation', { name: `${screen.title} pages` });
    this.rangeStatus = page.getByRole('status').filter({ hasText: /^(Documents \d|No documents)/ });
    this.errorAlert = page.getByRole('alert').filter({ hasText: 'could not be' });
  }

  async goto(search = ''): Promise<void> {
    await this.page.goto(`${this.screen.path}${search}`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(
      this.rows.first().or(this.page.getByText(/^No documents|There are no documents/).first()),
    ).toBeVisible();
  }

  /** Create Date and Document Name of each row shown. */
  async documents(): Promise<{ createDate: string; documentName: string }[]> {
    const rows = await this.rows.all();
    return Promise.all(
      rows.map(async (row) => {
        const cells = row.getByRole('cell');
        return {
          createDate: (await cells.nth(1).innerText()).trim(),
          documentName: (await cells.nth(2).innerText()).trim(),
        };
      }),
    );
  }

  radio(documentName: string): Locator {
    return this.page.getByRole('radio', { name: documentName, exact: true });
  }

  async select(documentName: string): Promise<void> {
    await this.radio(documentName).check();
  }

  pageLink(n: number): Locator {
    return this.pages.getByRole('button', { name: `Page ${n}`, exact: true });
  }

  dateField(label: 'Start Date' | 'End Date'): Locator {
    return this.page.getByRole('group', { name: label, exact: true });
  }

  async fillDate(label: 'Start Date' | 'End Date', mmddyyyy: string): Promise<void> {
    await this.dateField(label).getByRole('spinbutton', { name: 'Month' }).click();
    await this.page.keyboard.type(mmddyyyy.replaceAll('/', ''));
  }

  async search(): Promise<void> {
    await this.searchButton.click();
  }

  async download(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.downloadButton.click();
    return download;
  }
}
