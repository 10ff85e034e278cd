import { test as base, expect } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';

/** Password of every seeded demo account. */
export const DEMO_PASSWORD = 'Portal!2025';

export const NO_GROUPS_MESSAGE =
  "You are not associated to any Groups. If this is in error, try clicking Logout and logging back in, and contact the provider's representative.";

type Fixtures = {
  /** Every Content-Security-Policy violation the page reports; a journey with one fails. */
  cspViolations: string[];
  loginPage: LoginPage;
  shell: ShellPage;
  /** Opens the portal, follows the redirect to the provider, signs in and waits for the portal. */
  signInAs: (email: string) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation;
          report(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  loginPage: async ({ page }, use) => {
    await use(new LoginPage(page));
  },
  shell: async ({ page }, use) => {
    await use(new ShellPage(page));
  },
  signInAs: async ({ page, loginPage, shell }, use) => {
    await use(async (email) => {
      await page.goto('/');
      await page.waitForURL(/\/idp\//);
      await loginPage.waitUntilShown();
      await loginPage.signIn(email, DEMO_PASSWORD);
      // Back in the portal: either the shell or, for a user without groups, only the message.
      await expect(shell.nav.or(page.getByText(NO_GROUPS_MESSAGE))).toBeVisible();
      if (await shell.nav.isVisible()) await shell.waitUntilShown();
    });
  },
});

export { expect };
