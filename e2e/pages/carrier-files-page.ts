import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/** Carrier Files: the group's X12 834 files, the buttons above them, a file's readable view. */
export class CarrierFilesPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly outcome: Locator;
  readonly viewDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Carrier Files' });
    this.table = page.getByRole('table', { name: 'Carrier files' });
    this.rows = this.table.getByRole('row').filter({ has: page.getByRole('cell') });
    this.outcome = page.getByTestId('carrier-action-outcome');
    this.viewDialog = page.getByRole('dialog');
  }

  async openFromMenu(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Carrier Files' }).click();
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByText(/for the next change file\.$/)).toBeVisible();
  }

  /** "Send Open Changes Now": the open batch becomes a change file (or nothing waits). */
  async sendOpenChanges(): Promise<string | null> {
    return this.act('Send Open Changes Now', '/Carrier/CloseBatch');
  }

  async generateFullFile(): Promise<string | null> {
    return this.act('Generate Full File', '/Carrier/FullFile');
  }

  /** Clicks an action and answers the name of the file it made (null when none), once the screen says so. */
  private async act(button: string, path: string): Promise<string | null> {
    const answered = this.page.waitForResponse((r) => r.url().includes(path));
    await this.page.getByRole('button', { name: button }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const { file } = (await response.json()) as { file: { fileName: string } | null };
    await expect(this.outcome).toContainText(file ? file.fileName : 'No processed changes are waiting');
    return file?.fileName ?? null;
  }

  /** The newest file's row (the list is newest first). */
  get newest(): Locator {
    return this.rows.first();
  }

  cell(row: Locator, column: number): Locator {
    return row.getByRole('cell').nth(column);
  }

  async fileName(row: Locator): Promise<string> {
    return (await this.cell(row, 1).textContent()) ?? '';
  }

  async view(row: Locator): Promise<Locator> {
    await row.getByRole('button', { name: /^View / }).click();
    await expect(this.viewDialog.getByRole('table', { name: 'Members in the file' })).toBeVisible();
    return this.viewDialog;
  }

  async closeView(): Promise<void> {
    await this.viewDialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.viewDialog).toBeHidden();
  }

  /** Downloads the row's file and answers its name and its text. */
  async download(row: Locator): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await row.getByRole('button', { name: /^Download / }).click();
    const saved = await download;
    return { name: saved.suggestedFilename(), text: await readFile((await saved.path())!, 'utf8') };
  }

  async uploadAcknowledgment(name: string, content: string): Promise<void> {
    await this.page.getByLabel('999 acknowledgment file').setInputFiles({
      name,
      mimeType: 'text/plain',
      buffer: Buffer.from(content),
    });
  }
}
