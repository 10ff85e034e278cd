import { expect, type Locator, type Page } from '@playwright/test';

/** /member/$subscriberPK: one member's sections. */
export class MemberViewPage {
  constructor(private readonly page: Page) {}

  section(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  async waitUntilShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/member\/\d+$/);
    await expect(this.section('Demographics')).toBeVisible();
  }

  /** The value of a demographics fact ("Term date", "SSN"). */
  fact(label: string): Locator {
    return this.section('Demographics').locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  /** Coverage rows marked Ended. */
  endedCoverage(): Locator {
    return this.section('Coverage history').getByRole('row').filter({ hasText: 'Ended' });
  }

  /** A cell of a coverage row by its column's position. */
  async cellOf(row: Locator, header: string): Promise<string> {
    const headers = await this.section('Coverage history').getByRole('columnheader').allTextContents();
    return (await row.getByRole('cell').nth(headers.indexOf(header)).textContent()) ?? '';
  }
}
