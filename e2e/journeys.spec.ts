// The three member journeys by keyboard alone, with the focus visible after every step and every
// failed submit; and the failures that must keep the screen.
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { CoverageInquiryPage } from './pages/coverage-inquiry-page';
import { EnrollmentWizardPage } from './pages/enrollment-wizard-page';
import { expectFocusVisible, focused, tabTo, tabToMemberRow, typeInto } from './pages/keyboard';
import { CHOOSER_PATHS, MemberChooserPage } from './pages/member-chooser-page';

const HR = 'hr@example.com';
const pad = (n: number) => String(n).padStart(2, '0');
const inDays = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${pad(date.getMonth() + 1)}${pad(date.getDate())}${date.getFullYear()}`;
};
const unique = () => Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x');

/** Presses a key and checks that the focus is still somewhere a sighted user can see. */
async function press(page: Page, key: string, what: string): Promise<void> {
  await page.keyboard.press(key);
  await expectFocusVisible(page, what);
}

/** A wizard step opened: its h1 has the focus. */
async function expectStepFocused(page: Page, heading: string | RegExp): Promise<void> {
  const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(heading);
  await expect(h1).toBeFocused();
  await expectFocusVisible(page, `opening ${String(heading)}`);
}

/**
 * Tabs to a step's button. The step's form is drawn just after its heading: the user sees the button
 * before tabbing to it (a Tab pressed before the form is drawn leaves the page's end and starts again at
 * the top of the page).
 */
async function tabToButton(page: Page, button: string): Promise<void> {
  await expect(page.getByRole('main').getByRole('button', { name: button, exact: true })).toBeVisible();
  await tabTo(page, button);
}

/** Next (or Submit) on a form with errors: its error summary takes the focus. */
async function failSubmit(page: Page, button: string): Promise<void> {
  await tabToButton(page, button);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('error-summary')).toBeFocused();
  await expectFocusVisible(page, `a failed ${button}`);
}

test.describe('by keyboard alone', () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs(HR);
  });

  test('HR enrolls a subscriber through the review page', async ({ page }) => {
    await page.goto('/enroll-subscriber/personal-information');
    await expectStepFocused(page, 'Personal Information');
    await failSubmit(page, 'Next');

    const last = `Keys${unique()}`;
    await typeInto(page, 'First Name', 'Kai');
    await typeInto(page, 'Last Name', last);
    await typeInto(page, 'SSN', `6${String(Date.now()).slice(-8)}`);
    await typeInto(page, 'Date of Birth', '03141988');
    await typeInto(page, 'Gender', 'Female');
    await typeInto(page, 'Address Line 1', '12 Key Street');
    await typeInto(page, 'City', 'Austin');
    await typeInto(page, 'State', 'Texas');
    await typeInto(page, 'Zip Code', '78701');
    await typeInto(page, 'Phone', '5125550123');
    await typeInto(page, 'Email', 'kai.keys@example.com');
    await tabToButton(page, 'Next');
    await page.keyboard.press('Enter');

    await expectStepFocused(page, 'Employment Information');
    await tabToButton(page, 'Next');
    await page.keyboard.press('Enter');
    await expectStepFocused(page, 'Dependent Information');
    await tabToButton(page, 'Skip');
    await page.keyboard.press('Enter');

    await expectStepFocused(page, 'Choose a Plan');
    await failSubmit(page, 'Next');
    await typeInto(page, 'Division', '001');
    await tabTo(page, 'Medical Coverage: Yes');
    await press(page, 'Space', 'answering Medical Coverage');
    const wizard = new EnrollmentWizardPage(page);
    await expect(wizard.select('Medical Plan').locator('option', { hasText: 'Choice PPO 500' })).toHaveCount(1);
    await typeInto(page, 'Medical Plan', 'Choice PPO 500');
    await expect(wizard.select('Medical Tier').locator('option', { hasText: 'Employee Only' })).toHaveCount(1);
    await typeInto(page, 'Medical Tier', 'Employee Only');
    await tabTo(page, /^Dental Coverage: /);
    await press(page, 'ArrowRight', 'answering Dental Coverage');
    await tabTo(page, /^Enroll in FSA: /);
    await press(page, 'ArrowRight', 'answering Enroll in FSA');
    await tabToButton(page, 'Next');
    await page.keyboard.press('Enter');

    await expectStepFocused(page, 'Review and submit');
    await expect(wizard.reviewValue('Personal Information', 'Name')).toHaveText(`Kai ${last}`);
    await expect(wizard.reviewValue('Choose a Plan', 'Medical')).toHaveText('Choice PPO 500 – Employee Only');
    await tabToButton(page, 'Submit');
    await page.keyboard.press('Enter');
    await expect(wizard.dialog('Subscriber Created')).toBeVisible();
    await expectFocusVisible(page, 'the created dialog');
    await press(page, 'Enter', 'closing the created dialog');
    await expect(wizard.dialog('Subscriber Request Received')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });

  test('HR terminates a subscriber through the confirmation', async ({ page }) => {
    await page.goto(`${CHOOSER_PATHS.terminate}?page=9`);
    await expect(new MemberChooserPage(page).rows.first()).toBeVisible();
    await tabToMemberRow(page);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'Termination Information' })).toBeVisible();
    await failSubmit(page, 'Next');
    // From the summary to the field: the visible month of the date, not a hidden input.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe('Event Date');
    await expectFocusVisible(page, 'following the summary link');

    await typeInto(page, 'Event Date', inDays(-3));
    await typeInto(page, 'Benefit End Date', inDays(10));
    await typeInto(page, 'Reason', 'Retirement');
    await tabToButton(page, 'Next');
    await press(page, 'Enter', 'Next');
    const confirm = page.getByRole('dialog', { name: 'Confirm termination' });
    await expect(confirm).toContainText('Retirement');
    expect((await focused(page)).name).toBe('Go back');
    await press(page, 'Tab', 'moving in the confirmation');
    expect((await focused(page)).name).toBe('Submit termination');
    await page.keyboard.press('Enter');
    const info = page.getByRole('dialog', { name: 'Subscriber Termination Info' });
    await expect(info).toBeVisible();
    await expectFocusVisible(page, 'the submitted dialog');
  });

  test('HR changes a member’s coverage, named on every step', async ({ page }) => {
    await page.goto(`${CHOOSER_PATHS.changeCoverage}?sort=firstName%20DESC`);
    await expect(new MemberChooserPage(page).rows.first()).toBeVisible();
    await tabToMemberRow(page);
    const member = (await focused(page)).name;
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Qualifying Event' });
    await expect(modal).toBeVisible();
    await expectFocusVisible(page, 'opening the qualifying event');
    await typeInto(page, 'Qualifying Event', 'Marriage');
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');

    const named = (step: string) => new RegExp(`^Change Coverage for .+: ${step}$`);
    await expectStepFocused(page, named('Personal Information'));
    const name = ((await page.getByRole('main').getByRole('heading', { level: 1 }).textContent()) ?? '')
      .replace(/^Change Coverage for /, '')
      .replace(/: Personal Information$/, '');
    for (const part of name.split(' ')) expect(member).toContain(part);
    await expect(page.getByRole('main').getByText('Qualifying event: Marriage')).toBeVisible();
    // The title names the journey and the step, never the member (titles stay in the history).
    await expect(page).toHaveTitle('Change Coverage: Personal Information – Benefits Portal');
    await tabToButton(page, 'Next');
    await page.keyboard.press('Enter');
    await expectStepFocused(page, named('Employment Information'));
    await tabToButton(page, 'Next');
    await page.keyboard.press('Enter');
    await expectStepFocused(page, named('Dependent Information'));
    await tabToButton(page, 'Skip');
    await page.keyboard.press('Enter');
    await expectStepFocused(page, named('Choose a Plan'));
    // Prefilled with the member's current elections.
    await expect(new EnrollmentWizardPage(page).select('Division')).not.toHaveValue('');
    await tabToButton(page, 'Next');
    await page.keyboard.press('Enter');
    await expectStepFocused(page, named('Review and submit'));
    await expect(page).toHaveTitle('Change Coverage: Review and submit – Benefits Portal');
    await tabToButton(page, 'Submit');
    await page.keyboard.press('Enter');
    const done = page.getByRole('dialog', { name: 'Coverage Change Submitted' });
    await expect(done).toContainText(`The coverage change for ${name} was submitted.`);
    await expectFocusVisible(page, 'the submitted dialog');
  });
});

test('a 401 that persists signs in again once, then says the session expired', async ({
  page,
  signInAs,
  loginPage,
}) => {
  await signInAs(HR);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  let providerVisits = 0;
  // Sign-in redirects of the page itself (silent renewals run in a hidden frame).
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && /\/idp\/auth/.test(request.url())) {
      providerVisits += 1;
    }
  });
  const refuse = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.fulfill({
      status: 401,
      contentType: 'application/problem+json',
      body: JSON.stringify({ title: 'Unauthorized', status: 401 }),
    });
  await page.route('**/api/**', refuse);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Change Coverage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your session has expired' })).toBeVisible({
    timeout: 30_000,
  });
  await page.waitForTimeout(2000);
  expect(providerVisits).toBe(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Your session has expired' })).toBeVisible();

  // Once the API takes the token again, the button brings the user back to the same screen.
  await page.unroute('**/api/**', refuse);
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await page.waitForURL(/\/idp\/|\/change-coverage/);
  if (await loginPage.isShown()) await loginPage.signIn(HR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/change-coverage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change Coverage' })).toBeVisible();
});

test('a failed member list keeps the typed filters and the last rows, and Retry loads it', async ({
  page,
  signInAs,
}) => {
  await signInAs(HR);
  const chooser = new MemberChooserPage(page);
  await chooser.open(CHOOSER_PATHS.update);
  await expect(chooser.rows).toHaveCount(20);
  const firstRow = await chooser.rows.first().textContent();

  const fail = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ title: 'Internal Server Error', status: 500, detail: 'The database is not answering' }),
    });
  await page.route('**/Subscriber/SubscriberList', fail);
  await page.getByLabel('Search Last Name').fill('bo');
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  const failure = page.getByRole('alert').filter({ hasText: 'The member list could not be loaded' });
  await expect(failure).toContainText('The database is not answering.');
  await expect(page.getByLabel('Search Last Name')).toHaveValue('bo');
  await expect(chooser.rows.first()).toHaveText(firstRow ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'Update Subscriber/Dependent Demographics' })).toBeVisible();

  await page.unroute('**/Subscriber/SubscriberList', fail);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toHaveCount(0);
  await expect(chooser.rows.first()).toContainText(/\bbo/i);
  await expect(page).toHaveURL(/lastName=bo/);
});

test('the coverage of a termed member shows the plans they had with end dates and the term date, fetched once', async ({
  page,
  signInAs,
}) => {
  await signInAs(HR);
  const coverage = new CoverageInquiryPage(page);
  await page.goto('/coverage-inquiry?termed=true&sort=lastName%20ASC');
  await coverage.waitForRows();
  const termed = coverage.rows.filter({ hasText: 'Termed' }).first();
  await termed.click();
  const fetched = { details: 0, fsa: 0 };
  page.on('request', (request) => {
    if (/\/Subscriber\/SubscriberDetails\?/.test(request.url())) fetched.details += 1;
    if (/\/Account\/GetFSAInformation\?/.test(request.url())) fetched.fsa += 1;
  });
  await coverage.viewButton.click();
  await expect(coverage.modal).toBeVisible();
  // One fetch of each when the modal opens (its forced refresh comes 5 seconds later).
  await page.waitForTimeout(1000);
  expect(fetched).toEqual({ details: 1, fsa: 1 });
  await expect(coverage.modal).toContainText(/Termed on \d{2}\/\d{2}\/\d{4}/);
  const termDate = /Termed on (\d{2}\/\d{2}\/\d{4})/.exec((await coverage.modal.textContent()) ?? '')?.[1];
  await expect(coverage.fact(coverage.section('Member'), 'Term Date')).toHaveText(termDate!);
  const medical = coverage.section('Medical Plan');
  const dental = coverage.section('Dental Plan');
  await expect(medical.or(dental).getByText(termDate!).first()).toBeVisible();
  await expect(coverage.modal).not.toContainText('No current medical plan and no current dental plan');
});
