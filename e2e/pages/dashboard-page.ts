import { expect, type Locator, type Page } from '@playwright/test';

/** Home: the dashboard's panels (titled regions) above the group cards. */
export class DashboardPage {
  readonly heading: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Home' });
  }

  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.heading).toBeVisible();
  }

  panel(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /** Titles of the panels shown, in order. */
  async panelTitles(): Promise<string[]> {
    return this.page.getByTestId('dashboard').locator('section h2').allTextContents();
  }

  /** A headline figure of a panel by its label ("Subscribers", "Dependents"). */
  figure(panel: Locator, label: string): Locator {
    return panel
      .locator('div', { has: this.page.getByText(label, { exact: true }) })
      .locator('p')
      .first();
  }

  /** The link of a status in the requests panel and the count beside it. */
  requestStatus(status: string): Locator {
    return this.panel('Requests, last 30 days').getByRole('listitem').filter({ hasText: status });
  }

  /** Waits for every chart to be drawn (they load on demand). */
  async waitForCharts(): Promise<void> {
    await expect(this.page.locator('figure .MuiSkeleton-root')).toHaveCount(0);
    await expect(this.page.locator('figure svg').first()).toBeVisible();
  }
}
