import { DEMO_PASSWORD, expect, test } from './fixtures';
import { EnrollmentManagerPage } from './pages/enrollment-manager-page';
import { EnrollmentWizardPage } from './pages/enrollment-wizard-page';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { wcagViolations } from './support/accessibility';
import { OwnServer } from './support/own-server';
import { newPerson } from './support/test-people';

// A server of its own with a 15-second idle timeout (the warning comes 7.5 s before the end); the
// shared server keeps the 15-minute default, far beyond any other journey.
const server = new OwnServer(Number(process.env.E2E_IDLE_PORT ?? 3192), '.data/e2e-idle-logoff', {
  IDLE_TIMEOUT_MINUTES: '0.25',
});

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  await server.startFresh();
});

test.afterAll(async () => {
  await server.stop();
});

test('an idle user is warned, can stay, and is then signed out; the draft is found after signing in again', async ({
  page,
}) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const warning = page.getByRole('dialog', { name: 'Are you still there?' });
  await page.goto(`${server.origin}/`);
  await login.waitUntilShown();
  await login.signIn('hr@example.com', DEMO_PASSWORD);
  await expect(shell.nav).toBeVisible();

  // A draft is saved on the server by the wizard's first Next.
  const wizard = new EnrollmentWizardPage(page);
  await wizard.open();
  const person = newPerson('Idle');
  await wizard.fillPersonal(person);
  const saved = wizard.waitForSave('POST');
  await wizard.next();
  expect((await saved).ok()).toBe(true);
  await wizard.expectStep(2);

  // Idle: the warning, with the time left, focus on its default action, accessible.
  await expect(warning).toBeVisible({ timeout: 20_000 });
  // The visible countdown (the live region beside it moves in steps).
  await expect(warning.getByText(/^You will be signed out in 0:0\d for inactivity\.$/).first()).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();
  await expect(shell.nav).toBeVisible();

  // Idle again, to the end: signed out at the provider, on its sign-in page with the reason.
  await expect(warning).toBeVisible({ timeout: 20_000 });
  await login.waitUntilShown();
  await expect(page.getByRole('status')).toHaveText(
    'You were signed out because of inactivity. Sign in again to continue.',
  );
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('oidc.user:')))).toEqual(
    [],
  );

  // Signing in again, the draft is among the enrollment submissions, still Incomplete.
  await login.signIn('hr@example.com', DEMO_PASSWORD);
  await expect(shell.nav).toBeVisible();
  const manager = new EnrollmentManagerPage(page);
  await manager.openFromMenu();
  await manager.filter({ lastName: person.lastName });
  await expect(manager.statusOf(manager.rowOf(person))).toHaveText('Incomplete');
});

test('activity in one tab keeps the other alive, and signing out in one signs out both', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await page.goto(`${server.origin}/`);
  await login.waitUntilShown();
  await login.signIn('hr@example.com', DEMO_PASSWORD);
  await expect(shell.nav).toBeVisible();
  // A second tab rides on the provider session.
  const other = await page.context().newPage();
  let otherViews = 0;
  other.on('request', (request) => {
    if (request.url().includes('/Analytics/PageView')) otherViews += 1;
  });
  await other.goto(`${server.origin}/`);
  await expect(new ShellPage(other).nav).toBeVisible();

  // Past the warning time of the second tab, kept busy only in the first.
  for (let i = 0; i < 12; i++) {
    await page.mouse.move(100 + i * 10, 200);
    await page.waitForTimeout(1_500);
  }
  await expect(other.getByRole('dialog', { name: 'Are you still there?' })).toHaveCount(0);

  await shell.banner.getByRole('button', { name: 'Log out' }).click();
  await login.waitUntilShown();
  // The other tab drops its session and waits for the user, who finds the provider's session ended.
  await expect(other.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  await expect(other.getByText('You logged out in another tab of this browser.')).toBeVisible();
  expect(await other.evaluate(() => Object.keys(window.sessionStorage))).toEqual([]);
  // The tab counted the page the user opened in it; being signed out from the first counts none.
  expect(otherViews).toBe(1);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await new LoginPage(other).waitUntilShown();
  await expect(other).toHaveURL(/\/idp\//);
  await other.close();
});
