import { expect, type Locator, type Page } from '@playwright/test';

/** The portal's top bar, side menu and group chooser. */
export class ShellPage {
  readonly nav: Locator;
  readonly menuEntries: Locator;
  readonly banner: Locator;
  readonly groupName: Locator;
  readonly brokerModal: Locator;

  constructor(page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main menu' });
    this.menuEntries = this.nav.getByRole('listitem');
    this.banner = page.getByRole('banner');
    this.groupName = this.banner.getByTestId('current-group-name');
    this.brokerModal = page.getByRole('dialog', { name: 'Choose an Employer Group' });
  }

  async waitUntilShown(): Promise<void> {
    await expect(this.nav).toBeVisible();
    await expect(this.groupName).toBeVisible();
  }

  async menuLabels(): Promise<string[]> {
    await expect(this.nav).toBeVisible();
    return this.menuEntries.allInnerTexts();
  }

  async openBrokerModal(): Promise<void> {
    await this.nav.getByRole('button', { name: 'Broker' }).click();
    await expect(this.brokerModal).toBeVisible();
  }

  /** Names of the groups the broker modal offers (without the placeholder). */
  async brokerGroupNames(): Promise<string[]> {
    const options = this.brokerModal.getByLabel('Employer Group').locator('option:not([disabled])');
    return options.allInnerTexts();
  }

  async chooseGroup(name: string): Promise<void> {
    const submit = this.brokerModal.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await this.brokerModal.getByLabel('Employer Group').selectOption({ label: name });
    await submit.click();
    await expect(this.brokerModal).toBeHidden();
  }

  async logout(): Promise<void> {
    await this.banner.getByRole('button', { name: 'Log out' }).click();
  }
}
