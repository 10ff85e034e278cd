import { expect, type Locator, type Page } from '@playwright/test';

/** The Qualifying Event modal of change coverage. */
export class MemberChangeCoveragePage {
  readonly modal: Locator;

  constructor(page: Page) {
    this.modal = page.getByRole('dialog', { name: 'Qualifying Event' });
  }

  async chooseEvent(name: string): Promise<void> {
    const submit = this.modal.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await this.modal.getByLabel('Qualifying Event').selectOption({ label: name });
    await expect(submit).toBeEnabled();
    await submit.click();
  }
}
