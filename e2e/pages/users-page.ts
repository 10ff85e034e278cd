import { expect, type Locator, type Page } from '@playwright/test';

/** The Users screen: a group's users, invitations and role changes. */
export class UsersPage {
  readonly heading: Locator;
  readonly rows: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Users' });
    this.rows = page.getByTestId('user-row');
  }

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
    await expect(this.heading).toBeVisible();
  }

  row(email: string): Locator {
    return this.rows.filter({ hasText: email });
  }

  async invite(user: { email: string; givenName: string; familyName: string; roles: string[] }): Promise<void> {
    await this.page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Invite user' });
    await dialog.getByLabel('E-mail').fill(user.email);
    await dialog.getByLabel('First name').fill(user.givenName);
    await dialog.getByLabel('Last name').fill(user.familyName);
    for (const role of user.roles) await dialog.getByRole('checkbox', { name: role }).check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByText(`Invitation sent to ${user.email}`)).toBeVisible();
  }

  async act(email: string, fullName: string, action: string): Promise<void> {
    await this.row(email)
      .getByRole('button', { name: `Actions for ${fullName}` })
      .click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async changeRoles(email: string, fullName: string, roles: string[]): Promise<void> {
    await this.act(email, fullName, 'Change roles');
    const dialog = this.page.getByRole('dialog', { name: `Change roles of ${fullName}` });
    for (const box of await dialog.getByRole('checkbox').all()) {
      if ((await box.isChecked()) && (await box.isEnabled())) await box.uncheck();
    }
    for (const role of roles) await dialog.getByRole('checkbox', { name: role, exact: true }).check();
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    await expect(dialog).toBeHidden();
  }

  async deactivate(email: string, fullName: string): Promise<void> {
    await this.act(email, fullName, 'Deactivate');
    const dialog = this.page.getByRole('dialog', { name: `Deactivate ${fullName}?` });
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.row(email)).toContainText('Deactivated');
  }
}
