import { expect, type Locator, type Page } from '@playwright/test';

/** The update forms (personal and dependent information) and their confirmation. */
export class MemberUpdatePage {
  readonly confirmModal: Locator;

  constructor(private readonly page: Page) {
    this.confirmModal = page.getByRole('dialog', { name: 'Confirm Changes' });
  }

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  async review(): Promise<void> {
    await this.page.getByRole('button', { name: 'Review Changes' }).click();
    await expect(this.confirmModal).toBeVisible();
  }

  async confirm(): Promise<void> {
    await this.confirmModal.getByRole('button', { name: 'Confirm' }).click();
  }
}
