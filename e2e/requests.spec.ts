import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import {
  createDrafts,
  EnrollmentManagerPage,
  enrollThroughWizard,
  runProcessing,
} from './pages/enrollment-manager-page';
import { LoginPage } from './pages/login-page';
import { CHOOSER_PATHS, MemberChooserPage } from './pages/member-chooser-page';
import { ShellPage } from './pages/shell-page';
import { seriousViolations } from './pages/member-session';
import { letters, newPerson, pad } from './support/test-people';

// Texts written out from spec 1 §4 "Approval" (deliberately not imported from the app's code).
const APPROVE_QUESTION = 'Are you sure you would like to approve the selected request?';
const APPROVED = 'Your approval has gone through';

const HR = 'hr@example.com';
const BROKER = 'broker@example.com';

const today = () => {
  const now = new Date();
  return `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()}`;
};

/** Logs out; the provider's sign-in page is shown again, ready for the next user. */
async function signOut(page: Page) {
  await new ShellPage(page).logout();
  await page.waitForURL(/\/idp\//);
  await new LoginPage(page).waitUntilShown();
}

test('a broker enrolls, HR views and approves it, processing runs, and the member is in the chooser', async ({
  page,
  request,
  signInAs,
}) => {
  const person = newPerson('Journey');
  await signInAs(BROKER);
  await enrollThroughWizard(page, person);
  await signOut(page);

  await signInAs(HR);
  const manager = new EnrollmentManagerPage(page);
  await manager.openFromMenu();
  expect(await seriousViolations(page)).toEqual([]);
  await manager.filter({ lastName: person.lastName });
  const row = manager.rowOf(person);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('New Enrollment');
  await expect(manager.statusOf(row)).toHaveText('Submitted');

  // View Request: the rendered request with the subscriber's name, and its timeline.
  await manager.action(row, 'View Request').click();
  await expect(manager.viewDialog.getByRole('article')).toContainText(person.lastName);
  await expect(manager.viewDialog.getByRole('list', { name: 'Status history' }).getByRole('listitem')).toHaveCount(2);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await manager.viewDialog.getByRole('button', { name: 'Close' }).click();
  await expect(manager.viewDialog).toBeHidden();

  // Download PDF opens a new window with the document the API sent.
  const popup = page.waitForEvent('popup');
  const pdf = page.waitForResponse((r) => r.url().includes('/Report/ViewEnrollmentPDF'));
  await manager.action(row, 'Download PDF').click();
  expect((await pdf).status()).toBe(200);
  expect((await pdf).headers()['content-type']).toContain('application/pdf');
  await (await popup).close();

  // Approve: the question, then the message with the way home.
  await manager.action(row, 'Approve').click();
  await expect(manager.approveDialog).toContainText(APPROVE_QUESTION);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await manager.approveDialog.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(manager.approveDialog).toContainText(APPROVED);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await manager.approveDialog.getByRole('button', { name: 'Close' }).click();
  await expect(manager.statusOf(row)).toHaveText('HR Approved');
  await expect(manager.action(row, 'Approve')).toHaveCount(0);
  await expect(manager.action(row, 'Cancel Request')).toHaveCount(0);

  // Processing applies it: pushed to remote, and the subscriber is on file.
  const outcomes = await runProcessing(request);
  const pk = Number(await row.getAttribute('data-request-pk'));
  expect(outcomes).toContainEqual({ requestPK: pk, status: 'PushedToRemote' });
  await page.reload();
  await manager.waitForList();
  await expect(manager.statusOf(manager.rowOf(person))).toHaveText('Pushed To Remote');

  const chooser = new MemberChooserPage(page);
  await chooser.open(`${CHOOSER_PATHS.update}?lastName=${person.lastName}`);
  await expect(chooser.row(person.lastName, person.firstName)).toHaveCount(1);
});

test('the approve action goes home from its message', async ({ page, signInAs }) => {
  const person = newPerson('Homeward');
  await signInAs(BROKER);
  await enrollThroughWizard(page, person);
  await signOut(page);

  await signInAs(HR);
  const manager = new EnrollmentManagerPage(page);
  await manager.open(`?lastName=${person.lastName}`);
  await manager.action(manager.rowOf(person), 'Approve').click();
  await manager.approveDialog.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(manager.approveDialog).toContainText(APPROVED);
  await manager.approveDialog.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('a broker sees no approve action and cancels a submitted request after confirming', async ({ page, signInAs }) => {
  const person = newPerson('Cancel');
  await signInAs(BROKER);
  await enrollThroughWizard(page, person);

  const manager = new EnrollmentManagerPage(page);
  await manager.openFromMenu();
  await expect(page.getByRole('button', { name: /^Approve for / })).toHaveCount(0);
  await manager.filter({ lastName: person.lastName, status: 'Submitted' });
  const row = manager.rowOf(person);
  await expect(manager.statusOf(row)).toHaveText('Submitted');
  await expect(manager.action(row, 'Approve')).toHaveCount(0);

  // Keeping it changes nothing.
  await manager.action(row, 'Cancel Request').click();
  await expect(manager.cancelDialog).toContainText('Are you sure you would like to cancel the selected request?');
  await expect(manager.cancelDialog).toContainText(`New Enrollment for ${person.firstName} ${person.lastName}`);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await manager.cancelDialog.getByRole('button', { name: 'Keep Request' }).click();
  await expect(manager.cancelDialog).toBeHidden();
  await expect(manager.statusOf(row)).toHaveText('Submitted');

  await manager.action(row, 'Cancel Request').click();
  await manager.cancelDialog.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(manager.cancelDialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Request cancelled' })).toBeVisible();
  // Filtered on Submitted, the cancelled request leaves the list; without the status filter it shows Cancelled.
  await expect(row).toHaveCount(0);
  await manager.filter({ lastName: person.lastName });
  await expect(manager.statusOf(manager.rowOf(person))).toHaveText('Cancelled');
  await expect(manager.action(manager.rowOf(person), 'Cancel Request')).toHaveCount(0);
});

test('filters, sort and page live in the URL: a copied link opened in a new page shows the same rows', async ({
  page,
  signInAs,
}) => {
  await signInAs(HR);
  const lastName = `Pager${letters(8)}`;
  const firstNames = Array.from({ length: 23 }, (_, i) => `Ann${String.fromCharCode(97 + i)}`);
  await createDrafts(page, lastName, firstNames);

  const manager = new EnrollmentManagerPage(page);
  await manager.openFromMenu();
  await expect(manager.header('Date Requested')).toHaveAttribute('aria-sort', 'descending');
  await manager.filter({
    lastName,
    status: 'In Progress (Incomplete, Submitted, HR Approved, HEZ Approved)',
    dateFrom: today(),
    dateTo: today(),
  });
  await expect(manager.rows).toHaveCount(20);
  await expect(page.getByText('Requests 1–20 of 23')).toBeVisible();

  await manager.sortBy('First Name');
  await expect(manager.header('First Name')).toHaveAttribute('aria-sort', 'ascending');
  await manager.sortBy('First Name');
  await expect(manager.header('First Name')).toHaveAttribute('aria-sort', 'descending');
  await manager.sortBy('First Name');
  await expect(manager.header('First Name')).toHaveAttribute('aria-sort', 'ascending');
  await manager.goToPage(2);
  const shown = await manager.names();
  expect(shown).toEqual(firstNames.slice(20).map((first) => `${first} ${lastName}`));
  expect(await seriousViolations(page)).toEqual([]);

  const copied = page.url();
  const isoToday = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  expect(Object.fromEntries(new URL(copied).searchParams)).toEqual({
    page: '2',
    sort: 'subscriberFirstName ASC',
    lastName,
    status: 'InProgress',
    dateFrom: isoToday,
    dateTo: isoToday,
  });

  // A new page of the same browser: it may have to sign in again, then lands on the same view.
  const other = await page.context().newPage();
  await other.goto(copied);
  await other.waitForURL(/\/idp\/|\/signin-oidc|\/enrollment-manager/);
  const otherLogin = new LoginPage(other);
  if (other.url().includes('/idp/') && (await otherLogin.isShown())) await otherLogin.signIn(HR, DEMO_PASSWORD);
  await expect(other).toHaveURL(copied);
  const reopened = new EnrollmentManagerPage(other);
  await reopened.waitForList();
  expect(await reopened.names()).toEqual(shown);
  await expect(reopened.field('Last Name')).toHaveValue(lastName);
  await expect(reopened.statusSelect).toHaveValue('InProgress');
  await expect(reopened.header('First Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect(reopened.pagesNav.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await other.close();

  // Back returns to the first page of the same filters.
  await page.goBack();
  await manager.waitForList();
  await expect(manager.rows).toHaveCount(20);
});
