import { expect, type Locator, type Page } from '@playwright/test';

/** The portal's top bar, side menu and group chooser. */
export class ShellPage {
  readonly nav: Locator;
  readonly menuEntries: Locator;
  readonly banner: Locator;
  readonly groupName: Locator;
  readonly brokerModal: Locator;
  readonly groupBox: Locator;
  readonly groupOptions: Locator;

  constructor(private readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main menu' });
    this.menuEntries = this.nav.getByRole('listitem');
    this.banner = page.getByRole('banner');
    this.groupName = this.banner.getByTestId('current-group-name');
    this.brokerModal = page.getByRole('dialog', { name: 'Choose an Employer Group' });
    this.groupBox = this.brokerModal.getByRole('combobox', { name: 'Employer Group' });
    // The options' list opens outside the dialog.
    this.groupOptions = page.getByRole('listbox', { name: 'Employer Group' }).getByRole('option');
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

  /** Labels ("Name (Group ID)") of the first groups the broker modal offers before anything is typed. */
  async brokerGroupNames(): Promise<string[]> {
    await this.groupBox.click();
    await expect(this.groupOptions.first()).toBeVisible();
    return this.groupOptions.allInnerTexts();
  }

  /** Searches the chooser with `search` (a name or group ID) and picks the option labelled `label`. */
  async chooseGroup(label: string, search = label.replace(/ \([^)]*\)$/, '')): Promise<void> {
    const submit = this.brokerModal.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await this.groupBox.fill(search);
    await this.page.getByRole('option', { name: label }).click();
    await submit.click();
    await expect(this.brokerModal).toBeHidden();
  }

  async logout(): Promise<void> {
    await this.banner.getByRole('button', { name: 'Log out' }).click();
  }
}
