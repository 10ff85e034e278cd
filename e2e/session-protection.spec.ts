import { DEMO_PASSWORD, expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { OwnServer } from './support/own-server';

// One server for this file, restarted by the first journey; locks last 2 s instead of 30 s.
const server = new OwnServer(Number(process.env.E2E_OWN_PORT ?? 3190), '.data/e2e-own-server', {
  SIGN_IN_LOCK_SECONDS: '2',
});

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  await server.startFresh();
});

test.afterAll(async () => {
  await server.stop();
});

test('a signed-in user keeps working after the server restarts, without signing in again', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await page.goto(`${server.origin}/enrollment-manager`);
  await login.waitUntilShown();
  await login.signIn('hr@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Enrollment Submissions' })).toBeVisible();

  await server.stop();
  await server.start();

  // The screen's next call goes to the new process, with the token the old one issued.
  await shell.nav.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto(`${server.origin}/enrollment-manager`);
  await expect(page.getByRole('heading', { level: 1, name: 'Enrollment Submissions' })).toBeVisible();

  // A new sign-in (here: the stored user dropped) rides on the provider session that survived.
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('oidc.user:')) sessionStorage.removeItem(key);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Enrollment Submissions' })).toBeVisible();
  await expect(shell.nav).toBeVisible();
  expect(await login.isShown()).toBe(false);
});

test('six wrong passwords lock the account with a message; after the lock the right one works', async ({ page }) => {
  const login = new LoginPage(page);
  const alert = page.getByRole('alert');
  await page.goto(`${server.origin}/`);
  await login.waitUntilShown();
  for (let attempt = 1; attempt <= 4; attempt++) {
    await login.signIn('broker@example.com', `wrong-${attempt}`);
    await expect(alert).toHaveText('Invalid email or password.');
  }
  await login.signIn('broker@example.com', 'wrong-5');
  await expect(alert).toHaveText(/^Too many failed sign-in attempts\. Try again in 1 minute\.$/);
  await login.signIn('broker@example.com', 'wrong-6');
  await expect(alert).toHaveText(/^Too many failed sign-in attempts/);
  // Refused while locked, even with the right password.
  await login.signIn('broker@example.com', DEMO_PASSWORD);
  await expect(alert).toHaveText(/^Too many failed sign-in attempts/);

  await page.waitForTimeout(2_500);
  await login.signIn('broker@example.com', DEMO_PASSWORD);
  await expect(new ShellPage(page).nav).toBeVisible();
});
