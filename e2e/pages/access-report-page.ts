import { expect, type Locator, type Page } from '@playwright/test';

export const ACCESS_REPORT_PATH = '/access-report';

/** The Access Report: filters, the table of access rows and its pages. */
export class AccessReportPage {
  readonly heading: Locator;
  readonly rows: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Access Report' });
    this.rows = page.getByTestId('access-row');
  }

  async waitUntilShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByRole('progressbar', { name: 'Loading Access Report' })).toHaveCount(0);
  }

  async filterByMember(member: string): Promise<void> {
    await this.page.getByLabel('Member (last name or SSN last 4)').fill(member);
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(this.page).toHaveURL(new RegExp(`member=${encodeURIComponent(member)}`));
    await this.waitUntilShown();
  }

  /** Rows of one user's calls of one action. */
  row(email: string, action: string): Locator {
    return this.rows.filter({ hasText: email }).filter({ hasText: action });
  }
}
