import { expect, type Locator, type Page } from '@playwright/test';

export const COVERAGE_PATH = '/coverage-inquiry';

/** The coverage inquiry: search, member table, View Coverage and the 'View Member Coverage' modal. */
export class CoverageInquiryPage {
  readonly heading: Locator;
  readonly rows: Locator;
  readonly viewButton: Locator;
  readonly modal: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Coverage Inquiry' });
    this.rows = page.getByTestId('member-row');
    this.viewButton = page.getByRole('button', { name: 'View Coverage' });
    this.modal = page.getByRole('dialog', { name: 'View Member Coverage' });
  }

  async open(): Promise<void> {
    await this.page.goto(COVERAGE_PATH);
    await expect(this.heading).toBeVisible();
    await this.waitForRows();
  }

  async waitForRows(): Promise<void> {
    await expect(this.rows.first()).toBeVisible();
    await expect(this.page.getByRole('progressbar', { name: 'Loading members' })).toHaveCount(0);
  }

  async search(filters: { firstName?: string; lastName?: string; ssn?: string }): Promise<void> {
    await this.page.getByLabel('Search First Name').fill(filters.firstName ?? '');
    await this.page.getByLabel('Search Last Name').fill(filters.lastName ?? '');
    await this.page.getByLabel('Last 4 digits of SSN').fill(filters.ssn ?? '');
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
    await this.waitForRows();
  }

  row(lastName: string, firstName: string): Locator {
    return this.rows.filter({ hasText: lastName }).filter({ hasText: firstName });
  }

  section(name: string): Locator {
    return this.modal.getByRole('region', { name });
  }

  /** The value next to a label in a section's description list. */
  fact(section: Locator, label: string): Locator {
    return section.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
  }
}
