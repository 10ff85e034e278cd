import { expect, type Locator, type Page } from '@playwright/test';

/** Plans and Rates: a group's plan years, each plan's rates per tier, and copying a year forward. */
export class PlansAndRatesPage {
  readonly heading: Locator;
  readonly years: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Plans and Rates' });
    this.years = page.getByRole('tablist', { name: 'Plan years' });
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Plans and Rates' })
      .click();
    await expect(this.heading).toBeVisible();
  }

  /** The first plan of that name in the year shown (each division has its own). */
  plan(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true }).first();
  }

  rateField(plan: Locator, tier: string, share: 'employee' | 'employer'): Locator {
    return plan.getByLabel(`${tier}: ${share}`);
  }

  tierRow(plan: Locator, tier: string): Locator {
    return plan.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: tier, exact: true }) });
  }

  async copyForward(from: number): Promise<void> {
    await this.page.getByRole('button', { name: `Copy ${from} forward to ${from + 1}` }).click();
    await expect(this.page.getByText(`Plan year ${from + 1} created`)).toBeVisible();
    await expect(this.years.getByRole('tab', { name: String(from + 1), selected: true })).toBeVisible();
  }
}
