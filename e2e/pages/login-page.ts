import { expect, type Browser, type Page } from '@playwright/test';

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

/** A browser context of the user's own, signed in with the password given; a phone's viewport when asked. */
export async function signedInContext(browser: Browser, email: string, password: string, phone = false): Promise<Page> {
  const context = await browser.newContext(phone ? { viewport: { width: 360, height: 740 } } : {});
  const page = await context.newPage();
  await page.goto('/');
  const login = new LoginPage(page);
  await login.waitUntilShown();
  await login.signIn(email, password);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}
