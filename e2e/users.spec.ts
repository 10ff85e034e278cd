import type { Browser, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { UsersPage } from './pages/users-page';
import { latestMail } from './support/mail';

// Written out, not derived from the app's permission table.
const HR_MENU = [
  'Home',
  'Broker',
  'Enroll Subscriber',
  'Upload Enrollments',
  'Update Subscriber/Dependent Demographics',
  'Terminate Subscriber/Dependent',
  'Change Coverage',
  'Enrollment Submissions',
  'Carrier Files',
  'Coverage Inquiry',
  'ID Card',
  'Census Report',
  'Open Enrollment',
  'Privacy',
];
const ID_CARD_MENU = ['Home', 'ID Card', 'Privacy'];

const NEW_USER = { email: 'nina.hale@example.com', givenName: 'Nina', familyName: 'Hale', roles: ['HR'] };
const FULL_NAME = `${NEW_USER.givenName} ${NEW_USER.familyName}`;
const NEW_PASSWORD = 'lantern orchard 47 maple';

/** A code of the authenticator app holding `secret`, `stepsAhead` 30-second steps from now. */
const totpCode = (secret: string, stepsAhead = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a GroupAdmin invites a colleague, who sets up a password and TOTP; roles and deactivation apply at once', async ({
  browser,
  page,
  signInAs,
}) => {
  test.setTimeout(180_000);
  // 1. admin@ invites a new HR user.
  await signInAs('admin@example.com');
  const users = new UsersPage(page);
  await users.open();
  await users.invite(NEW_USER);
  await expect(users.row(NEW_USER.email)).toContainText('Invited');

  // 2. The invitation, as the mail server received it over SMTP.
  const mail = await latestMail(NEW_USER.email, /invited/);
  expect(mail.links).toHaveLength(1);

  // 3. Accepting: a common password is refused; then TOTP with a code from the app.
  const colleague = await newPage(browser);
  await colleague.goto(mail.links[0]!);
  await expect(colleague.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  await colleague.getByLabel('New password', { exact: true }).fill('passwordpassword1');
  await colleague.getByLabel('Confirm new password').fill('passwordpassword1');
  await colleague.getByRole('button', { name: 'Continue' }).click();
  await expect(colleague.getByRole('alert')).toContainText('too common');
  await colleague.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await colleague.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await colleague.getByRole('button', { name: 'Continue' }).click();
  await expect(colleague.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  const secret = (await colleague.locator('#totp-secret').innerText()).replace(/\s/g, '');
  await colleague.getByLabel('6-digit code').fill(totpCode(secret));
  await colleague.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(colleague.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(colleague.locator('ol li')).toHaveCount(10);
  await colleague.getByRole('link', { name: /Continue/ }).click();

  // Signing in asks for the password, then a fresh code (the one used at set-up cannot be used again).
  const login = new LoginPage(colleague);
  await login.waitUntilShown();
  await login.signIn(NEW_USER.email, NEW_PASSWORD);
  await expect(colleague.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await colleague.getByLabel('6-digit code').fill(totpCode(secret, 1));
  await colleague.getByRole('button', { name: 'Verify' }).click();

  // 4. Exactly the HR menu.
  const shell = new ShellPage(colleague);
  await shell.waitUntilShown();
  await expect(shell.menuEntries).toHaveText(HR_MENU);
  await expect(users.row(NEW_USER.email)).toBeVisible();

  // 5. admin@ makes them ID-card only: their next screen follows without a new sign-in.
  await page.reload();
  await users.changeRoles(NEW_USER.email, FULL_NAME, ['IDcard Only']);
  await expect(users.row(NEW_USER.email)).toContainText('IDcard Only');
  await expect(async () => {
    await shell.nav.getByRole('link', { name: 'Home' }).click();
    await expect(shell.menuEntries).toHaveText(ID_CARD_MENU, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // 6. admin@ deactivates them: within 30 s their calls are refused and the portal asks for a sign-in.
  await users.deactivate(NEW_USER.email, FULL_NAME);
  await expect(async () => {
    await colleague.goto('/request-new-id-card');
    await expect(colleague).toHaveURL(/\/idp\//, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // And the password no longer signs them in.
  await login.waitUntilShown();
  await login.signIn(NEW_USER.email, NEW_PASSWORD);
  await expect(colleague.getByRole('alert')).toContainText('Invalid email or password');
});

test('a forgotten password is reset through a single-use e-mailed link', async ({ page, loginPage, shell }) => {
  const email = 'reports@example.com';
  const password = 'quiet harbor lantern 9';
  await page.goto('/');
  await loginPage.waitUntilShown();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(/If an account exists for that address/)).toBeVisible();

  const mail = await latestMail(email, /Reset/);
  await page.goto(mail.links[0]!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed. Sign in with it.')).toBeVisible();

  // The link works once.
  await page.goto(mail.links[0]!);
  await expect(page.getByRole('heading', { name: 'Link no longer valid' })).toBeVisible();

  await page.goto('/');
  await loginPage.waitUntilShown();
  await loginPage.signIn(email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await loginPage.signIn(email, password);
  await shell.waitUntilShown();
  await expect(shell.menuEntries).toHaveText(['Home', 'Monthly Reports', 'Privacy']);
});
