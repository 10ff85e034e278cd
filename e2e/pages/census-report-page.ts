import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** The census report screen: two date fields and the 'Census Report' download button. */
export class CensusReportPage {
  readonly heading: Locator;
  readonly downloadButton: Locator;
  /** What the census holds, loaded when the screen opens. */
  readonly summary: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Census Report' });
    this.summary = page.getByRole('status').filter({ hasText: /^(Coverage in force|No coverage in force)/ });
    this.downloadButton = page.getByRole('button', { name: 'Census Report', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/census-report');
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.downloadButton).toBeEnabled();
  }

  /** The row count the summary announces. */
  async summaryRowCount(): Promise<number> {
    const text = (await this.summary.textContent()) ?? '';
    const match = /: ([\d,]+) rows? for/.exec(text);
    if (!match) throw new Error(`No row count in the census summary: ${text}`);
    return Number(match[1]!.replaceAll(',', ''));
  }

  dateField(label: 'Start Date' | 'End Date'): Locator {
    return this.page.getByRole('group', { name: label, exact: true });
  }

  /** Types MM/DD/YYYY section by section, as a user does. */
  async fillDate(label: 'Start Date' | 'End Date', mmddyyyy: string): Promise<void> {
    await this.dateField(label).getByRole('spinbutton', { name: 'Month' }).click();
    await this.page.keyboard.type(mmddyyyy.replaceAll('/', ''));
  }

  /** Presses the button and waits for the browser's download of the file. */
  async download(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.downloadButton.click();
    return download;
  }
}
