import { expect, type Locator, type Page } from '@playwright/test';

/** Upload Enrollments: the template, the file chooser, the preview with its fixes, and the commit. */
export class UploadEnrollmentsPage {
  readonly heading: Locator;
  readonly rows: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Upload Enrollments' });
    this.rows = page.getByRole('table').getByRole('row');
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Upload Enrollments' })
      .click();
    await expect(this.heading).toBeVisible();
  }

  /** Downloads the template in a format and answers where Playwright saved it. */
  async downloadTemplate(format: 'xlsx' | 'csv'): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: `Download template (.${format})` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
    return file.path();
  }

  async upload(path: string): Promise<void> {
    await this.page.getByLabel('Enrollment file').setInputFiles(path);
    await expect(this.page.getByRole('heading', { level: 2, name: 'Preview' })).toBeVisible();
  }

  /** The summary's count chip of a kind, e.g. "New: 47". */
  async expectCount(
    label: 'New' | 'Updates' | 'Name changes' | 'Unchanged' | 'Errors' | 'Not in roster',
    count: number,
  ): Promise<void> {
    await expect(this.page.getByText(`${label}: ${count}`, { exact: true })).toBeVisible();
  }

  async show(filter: RegExp): Promise<void> {
    await this.page.getByRole('group', { name: 'Show rows' }).getByRole('button', { name: filter }).click();
  }

  errorsOf(rowNumber: number): Locator {
    return this.page.getByRole('list', { name: `Errors of row ${rowNumber}` });
  }

  async fix(rowNumber: number, field: string, value: string): Promise<void> {
    await this.page.getByRole('button', { name: `Fix row ${rowNumber}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Fix row ${rowNumber}` });
    await dialog.getByRole('textbox', { name: field, exact: true }).fill(value);
    await dialog.getByRole('button', { name: 'Save row' }).click();
    await expect(dialog).toBeHidden();
  }

  async commit(mode: 'Commit valid rows' | 'Commit all rows'): Promise<void> {
    await this.page.getByRole('button', { name: mode }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: mode }).click();
    await expect(this.page.getByText('Commit finished')).toBeVisible({ timeout: 30_000 });
  }
}
