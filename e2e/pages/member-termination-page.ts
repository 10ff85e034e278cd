import { expect, type Locator, type Page } from '@playwright/test';

/** Types MM/DD/YYYY into an MUI date field, section by section as a user does. */
async function typeDate(page: Page, field: Locator, mmddyyyy: string): Promise<void> {
  await field.click();
  await page.keyboard.type(mmddyyyy.replaceAll('/', ''));
}

/** The terminate screen: dates, reason, comment and its modals. */
export class MemberTerminationPage {
  readonly retroError: (isDependent: boolean) => Locator;
  readonly subscriberInfo: Locator;
  readonly dependentInfo: Locator;
  /** Names the member, the dates and the reason before anything is sent. */
  readonly confirmation: Locator;

  constructor(private readonly page: Page) {
    this.retroError = (isDependent) =>
      page.getByRole('dialog', { name: isDependent ? 'Terminate Dependent Error' : 'Terminate Subscriber Error' });
    this.subscriberInfo = page.getByRole('dialog', { name: 'Subscriber Termination Info' });
    this.dependentInfo = page.getByRole('dialog', { name: 'Dependent Termination Info' });
    this.confirmation = page.getByRole('dialog', { name: 'Confirm termination' });
  }

  async waitUntilShown(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Termination Information' })).toBeVisible();
  }

  async fill(values: { eventDate: string; terminationDate: string; reason?: string; comment?: string }): Promise<void> {
    await typeDate(this.page, this.page.getByRole('group', { name: 'Event Date' }), values.eventDate);
    await typeDate(this.page, this.page.getByRole('group', { name: 'Benefit End Date' }), values.terminationDate);
    if (values.reason) await this.page.getByLabel('Reason').selectOption({ label: values.reason });
    if (values.comment) await this.page.getByLabel('Comment').fill(values.comment);
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next' }).click();
  }

  /** Next, then the confirmation: checks what it names and submits. */
  async nextAndConfirm(expected: readonly string[]): Promise<void> {
    await this.next();
    await expect(this.confirmation).toBeVisible();
    for (const text of expected) await expect(this.confirmation).toContainText(text);
    await this.confirmation.getByRole('button', { name: 'Submit termination' }).click();
  }
}
