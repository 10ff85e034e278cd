import { expect, type Locator, type Page } from '@playwright/test';

export const CLAIM_SEARCH_PATH = '/claim-search';

/** The claim search: filters, the claims table, its pages and 'Download PDF'. */
export class ClaimSearchPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly pagesNav: Locator;
  readonly downloadButton: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Claim Search' });
    this.table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Claim#' }) });
    this.rows = page.getByTestId('claim-row');
    this.pagesNav = page.getByRole('navigation', { name: 'Claim list pages' });
    this.downloadButton = page.getByRole('button', { name: 'Download PDF' });
  }

  async open(): Promise<void> {
    await this.page.goto(CLAIM_SEARCH_PATH);
    await expect(this.heading).toBeVisible();
    await this.waitForRows();
  }

  async waitForRows(): Promise<void> {
    await expect(this.rows.first()).toBeVisible();
    await expect(this.page.getByRole('progressbar', { name: 'Loading claims' })).toHaveCount(0);
  }

  /** Dates as typed into the pickers: MM/DD/YYYY. */
  async search(filters: {
    firstName?: string;
    lastName?: string;
    startDate?: string;
    endDate?: string;
  }): Promise<void> {
    const form = this.page.getByRole('search', { name: 'Search claims' });
    await form.getByRole('textbox', { name: 'First Name' }).fill(filters.firstName ?? '');
    await form.getByRole('textbox', { name: 'Last Name' }).fill(filters.lastName ?? '');
    for (const [label, value] of [
      ['Start Date', filters.startDate],
      ['End Date', filters.endDate],
    ] as const) {
      if (!value) continue;
      // The picker's field is split into month / day / year sections; typing the digits fills them.
      await form.getByRole('group', { name: label, exact: true }).getByRole('spinbutton', { name: 'Month' }).click();
      await this.page.keyboard.type(value.replace(/\D/g, ''));
    }
    await form.getByRole('button', { name: 'Search', exact: true }).click();
  }

  header(name: string): Locator {
    return this.table.getByRole('columnheader', { name, exact: true });
  }

  async sortBy(name: string): Promise<void> {
    const before = this.page.url();
    await this.header(name).getByRole('button').click();
    await expect.poll(() => this.page.url()).not.toBe(before);
    await this.waitForRows();
  }

  cell(row: Locator, column: number): Locator {
    return row.getByRole('cell').nth(column);
  }
}
