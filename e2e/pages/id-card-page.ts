import { expect, type Locator, type Page } from '@playwright/test';

export const ID_CARD_PATH = '/request-new-id-card';

/** The ID card screen: local filter, member table, Search / Request / View and their modals. */
export class IdCardPage {
  readonly heading: Locator;
  readonly rows: Locator;
  readonly filter: Locator;
  readonly searchButton: Locator;
  readonly requestButton: Locator;
  readonly viewButton: Locator;
  readonly searchModal: Locator;
  readonly requestedModal: Locator;
  readonly viewModal: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Request an ID Card' });
    this.rows = page.getByTestId('member-row');
    this.filter = page.getByRole('group', { name: 'Filter the members shown' });
    this.searchButton = page.getByRole('button', { name: 'Search', exact: true });
    this.requestButton = page.getByRole('button', { name: 'Request ID Card' });
    this.viewButton = page.getByRole('button', { name: 'View ID Card' });
    this.searchModal = page.getByRole('dialog', { name: 'Search Subscriber' });
    this.requestedModal = page.getByRole('dialog', { name: 'ID Card Requested' });
    this.viewModal = page.getByRole('dialog', { name: 'ID Card', exact: true });
  }

  async open(): Promise<void> {
    await this.page.goto(ID_CARD_PATH);
    await expect(this.heading).toBeVisible();
    await this.waitForRows();
  }

  async waitForRows(): Promise<void> {
    await expect(this.rows.first()).toBeVisible();
    await expect(this.page.getByRole('progressbar', { name: 'Loading members' })).toHaveCount(0);
  }

  async searchOnServer(filters: { firstName?: string; lastName?: string }): Promise<void> {
    await this.searchButton.click();
    await expect(this.searchModal).toBeVisible();
    await this.searchModal.getByLabel('Search First Name').fill(filters.firstName ?? '');
    await this.searchModal.getByLabel('Search Last Name').fill(filters.lastName ?? '');
    await this.searchModal.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(this.searchModal).toBeHidden();
    await this.waitForRows();
  }

  async filterLocally(filters: { lastName?: string; firstName?: string; ssn?: string }): Promise<void> {
    await this.filter.getByLabel('Search Last Name').fill(filters.lastName ?? '');
    await this.filter.getByLabel('Search First Name').fill(filters.firstName ?? '');
    await this.filter.getByLabel('SSN').fill(filters.ssn ?? '');
  }

  row(lastName: string, firstName: string): Locator {
    return this.rows.filter({ hasText: lastName }).filter({ hasText: firstName });
  }

  async select(row: Locator): Promise<void> {
    await row.click();
    await expect(row).toHaveAttribute('aria-selected', 'true');
  }
}
