import { expect, type Page } from '@playwright/test';

/** The identity provider's own sign-in page. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await expect(this.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  }

  async isShown(): Promise<boolean> {
    return this.page
      .getByRole('button', { name: 'Sign in' })
      .waitFor({ timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}
