import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { MemberChangeCoveragePage } from './pages/member-change-coverage-page';
import { CHOOSER_PATHS, MemberChooserPage } from './pages/member-chooser-page';
import { apiGet, seriousViolations, storedDraft } from './pages/member-session';
import { MemberTerminationPage } from './pages/member-termination-page';
import { MemberUpdatePage } from './pages/member-update-page';
import { EnrollmentWizardPage } from './pages/enrollment-wizard-page';

// Messages written out from spec 1 §8 (deliberately not imported from the app's code).
const UPDATE_PENDING = 'Update request for this subscriber is already pending.';
const ZIP_MESSAGE = 'Zipcode must be exactly 5 digits (e.g., 12345) or 9 digits (e.g., 12345-6789).';
const TERMINATE_PENDING = 'Terminate request for this subscriber is already pending.';
const CHANGE_COVERAGE_PENDING = 'Change Coverage request for this subscriber is already pending.';
const RETRO_MESSAGE = "A retro termination date cannot exceed more than 90 days from today's date.";

// The journeys share one database per run, so each one works on members of its own list page.
const PAGE_OF = {
  update: 2,
  terminateSubscriber: 3,
  updateDependent: 4,
  terminateDependent: 5,
  changeCoverage: 6,
  retro: 7,
  retroDependent: 8,
};

const pad = (n: number) => String(n).padStart(2, '0');
const daysFromToday = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date;
};
const usDate = (date: Date) => `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
const isoDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

type Details = { subscriberPK: number; subscriber: { firstName: string; lastName: string } };

function countPosts(page: Page, pathEnd: string) {
  const seen = { count: 0 };
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith(pathEnd)) seen.count += 1;
  });
  return seen;
}

// HR's own requests are approved at once and then applied by the server's processing worker within
// seconds, after which they are no longer pending; a broker's stay Submitted (pending) until someone
// approves them. The journeys that check the pending state afterwards therefore submit as a broker.
const HR = 'hr@example.com';
const BROKER = 'broker@example.com';

test('the chooser pages, sorts and searches on the server, and a copied URL gives the same view', async ({
  page,
  signInAs,
}) => {
  await signInAs(HR);
  const chooser = new MemberChooserPage(page);
  await chooser.open(CHOOSER_PATHS.update);
  await expect(page.getByRole('heading', { level: 1, name: 'Update Subscriber/Dependent Demographics' })).toBeVisible();
  await expect(chooser.rows).toHaveCount(20);
  await expect(page.getByText(/^Members 1–20 of \d+$/)).toBeVisible();
  await expect(chooser.header('Last Name')).toHaveAttribute('aria-sort', 'ascending');
  expect(await seriousViolations(page)).toEqual([]);

  // The SSN filter takes at most 4 digits.
  await page.getByLabel('SSN last 4').fill('123456');
  await expect(page.getByLabel('SSN last 4')).toHaveValue('1234');

  // A first click sorts ascending, the next ones toggle; either way back to the first page.
  await chooser.goToPage(3);
  expect(new URL(page.url()).searchParams.get('page')).toBe('3');
  await chooser.sortBy('First Name');
  await expect(chooser.header('First Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect(chooser.header('Last Name')).not.toHaveAttribute('aria-sort', /./);
  expect(new URL(page.url()).searchParams.get('sort')).toBe('firstName ASC');
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();
  await chooser.sortBy('First Name');
  await expect(chooser.header('First Name')).toHaveAttribute('aria-sort', 'descending');

  // Search and sort by interacting (two letters match the start of last names)...
  await chooser.search({ lastName: 'bo' });
  await chooser.sortBy('Date of Birth');
  await expect(chooser.header('Date of Birth')).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await chooser.names();
  expect(ascending.length).toBeGreaterThan(1);
  expect(ascending.every((name) => /^bo/i.test(name))).toBe(true);
  await chooser.sortBy('Date of Birth');
  await expect(chooser.header('Date of Birth')).toHaveAttribute('aria-sort', 'descending');
  const shown = await chooser.names();
  // Ties fall back to the member's key in the same direction: the exact reverse.
  expect(shown).toEqual([...ascending].reverse());
  const copied = page.url();
  const params = new URL(copied).searchParams;
  expect(Object.fromEntries(params)).toEqual({ sort: 'dateOfBirth DESC', lastName: 'bo' });

  // ...Back returns to the previous view of the same search...
  await page.goBack();
  await chooser.waitForRows();
  await expect(chooser.header('Date of Birth')).toHaveAttribute('aria-sort', 'ascending');
  expect(await chooser.names()).toEqual(ascending);

  // ...and the copied link, or one written by hand, shows exactly the same rows.
  await chooser.open(copied);
  expect(await chooser.names()).toEqual(shown);
  await expect(page.getByLabel('Search Last Name')).toHaveValue('bo');
  await chooser.open(`${CHOOSER_PATHS.update}?sort=dateOfBirth%20DESC&lastName=bo`);
  expect(await chooser.names()).toEqual(shown);
  await expect(chooser.header('Date of Birth')).toHaveAttribute('aria-sort', 'descending');

  // Clear Search drops the filters but keeps the sort.
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await chooser.waitForRows();
  await expect(page.getByLabel('Search Last Name')).toHaveValue('');
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ sort: 'dateOfBirth DESC' });
});

test('a subscriber address update is reviewed, confirmed and then pending', async ({ page, signInAs }) => {
  await signInAs(BROKER);
  const chooser = new MemberChooserPage(page);
  const form = new MemberUpdatePage(page);
  await chooser.open(`${CHOOSER_PATHS.update}?page=${PAGE_OF.update}`);
  const row = chooser.rows.filter({ hasNotText: 'Pending request' }).first();
  const { lastName, firstName } = await chooser.nameOf(row);

  // Rows are chosen with the keyboard too.
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/update-subscriber\/update-personal-information\?subscriberPK=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Information' })).toBeVisible();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByTestId('ssn-on-file')).toHaveText(/^SSN ending in \d{4}$/);
  await expect(form.field('First Name')).toHaveValue(firstName);
  await expect(form.field('Last Name')).toHaveValue(lastName);
  expect(await seriousViolations(page)).toEqual([]);

  // A reload keeps the chosen member (it is in the URL).
  await page.reload();
  await expect(form.field('Last Name')).toHaveValue(lastName);

  await form.field('Address').fill('100 Main Street');
  await form.field('City').fill('Springfield');
  await form.review();
  await expect(form.confirmModal.getByRole('row', { name: /^Address .* 100 Main Street$/ })).toBeVisible();
  await expect(form.confirmModal.getByRole('row', { name: /^City .* Springfield$/ })).toBeVisible();
  await expect(form.confirmModal.getByRole('row')).toHaveCount(3);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await form.confirm();

  await expect(page.getByRole('alert').filter({ hasText: 'Update request submitted' })).toBeVisible();
  await expect(page).toHaveURL(/\/update-subscriber\/choose-a-subscriber-or-dependent$/);

  // Now pending: choosing the member again gives the notice and stays on the chooser.
  await chooser.search({ lastName, firstName });
  const again = chooser.row(lastName, firstName);
  await expect(again).toContainText('Pending request');
  await again.click();
  await expect(chooser.pendingNotice).toBeVisible();
  await expect(chooser.pendingNotice).toContainText(UPDATE_PENDING);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await chooser.returnFromPendingNotice();
  await expect(page).toHaveURL(/\/update-subscriber\/choose-a-subscriber-or-dependent/);
});

test("a dependent update shows the server's field errors, keeps what was typed, then is submitted", async ({
  page,
  signInAs,
}) => {
  await signInAs(BROKER);
  const chooser = new MemberChooserPage(page);
  const form = new MemberUpdatePage(page);
  await chooser.open(`${CHOOSER_PATHS.update}?page=${PAGE_OF.updateDependent}`);
  const { dependent, subscriber } = await chooser.firstDependent(
    chooser.rows.filter({ hasNotText: 'Pending request' }),
  );
  const [dependentName = ''] = (await dependent.innerText()).split('\n');
  await dependent.click();

  await expect(page).toHaveURL(/\/update-subscriber\/update-dependent-information\?dependentPK=\d+&subscriberPK=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dependent Information' })).toBeVisible();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The server checks a dependent's own zip code: its 400 lands on the field, the typing stays.
  await form.field('Phone').fill('5551234567');
  await page.getByRole('checkbox', { name: 'Same address as the subscriber' }).uncheck();
  await form.field('Address').fill('12 Elm Street');
  await form.field('Zip Code').fill('1234');
  await form.review();
  await form.confirm();
  await expect(form.confirmModal).toBeHidden();
  await expect(page.getByTestId('error-summary')).toContainText(ZIP_MESSAGE);
  await expect(form.field('Phone')).toHaveValue('5551234567');

  await form.field('Zip Code').fill('58102');
  await form.review();
  await expect(form.confirmModal.getByRole('row', { name: /^Phone/ })).toBeVisible();
  await form.confirm();
  await expect(page.getByRole('alert').filter({ hasText: 'Update request submitted' })).toBeVisible();
  await expect(page).toHaveURL(/\/update-subscriber\/choose-a-subscriber-or-dependent$/);

  await chooser.search(subscriber);
  const owner = chooser.row(subscriber.lastName, subscriber.firstName);
  await expect(owner).toContainText('Pending request');
  const { dependent: again } = await chooser.firstDependent(owner, dependentName);
  await again.click();
  await expect(chooser.pendingNotice).toContainText('Update request for this dependent is already pending.');
  await chooser.returnFromPendingNotice();
});

test('a subscriber termination is submitted', async ({ page, signInAs }) => {
  await signInAs(HR);
  const chooser = new MemberChooserPage(page);
  const terminate = new MemberTerminationPage(page);
  await chooser.open(`${CHOOSER_PATHS.terminate}?page=${PAGE_OF.terminateSubscriber}&termed=true`);
  await expect(chooser.termedCheckbox).toBeDisabled();
  await expect(chooser.termedCheckbox).not.toBeChecked();
  await expect(chooser.rows.filter({ hasText: 'Termed' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await chooser.rows.filter({ hasNotText: 'Pending request' }).first().click();
  await expect(page).toHaveURL(/\/terminate-subscriber\/information\?subscriberPK=\d+$/);
  await terminate.waitUntilShown();
  expect(await seriousViolations(page)).toEqual([]);

  await terminate.fill({
    eventDate: usDate(daysFromToday(-10)),
    terminationDate: usDate(daysFromToday(20)),
    reason: 'Retirement',
    comment: 'Retiring.',
  });
  // Nothing is sent before the confirmation; Go back keeps the form as it was.
  const posts = countPosts(page, '/Subscriber/TerminateSubscriber');
  await terminate.next();
  await expect(terminate.confirmation).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await terminate.confirmation.getByRole('button', { name: 'Go back' }).click();
  await expect(terminate.confirmation).toBeHidden();
  expect(posts.count).toBe(0);
  await terminate.nextAndConfirm([
    'Subscriber',
    usDate(daysFromToday(-10)),
    usDate(daysFromToday(20)),
    'Retirement',
    'Retiring.',
  ]);
  await expect(terminate.subscriberInfo).toBeVisible();
  await expect(terminate.subscriberInfo).toContainText('termination request');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  expect((await storedDraft(page)).subscriberPK).toBeNull();

  await terminate.subscriberInfo.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a dependent termination leads into the plan page of a change-coverage request', async ({ page, signInAs }) => {
  await signInAs(HR);
  const chooser = new MemberChooserPage(page);
  const terminate = new MemberTerminationPage(page);
  await chooser.open(`${CHOOSER_PATHS.terminate}?page=${PAGE_OF.terminateDependent}`);

  const { dependent } = await chooser.firstDependent(chooser.rows.filter({ hasNotText: 'Pending request' }));
  expect(await seriousViolations(page)).toEqual([]);
  await dependent.click();

  await expect(page).toHaveURL(/\/terminate-subscriber\/information\?subscriberPK=\d+&dependentPK=\d+$/);
  const subscriberPK = Number(new URL(page.url()).searchParams.get('subscriberPK'));
  await terminate.waitUntilShown();
  const termDate = daysFromToday(5);
  await terminate.fill({
    eventDate: usDate(daysFromToday(-1)),
    terminationDate: usDate(termDate),
    reason: 'other reason',
  });
  await terminate.nextAndConfirm([usDate(termDate), 'other reason']);

  await expect(terminate.dependentInfo).toBeVisible();
  await expect(terminate.dependentInfo).toContainText('You must change your coverage to reflect the termination.');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  expect((await storedDraft(page)).dependentTermDate).toBe(isoDate(termDate));

  await terminate.dependentInfo.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/enroll-subscriber\/choose-a-plan$/);
  const draft = await storedDraft(page);
  expect(draft).toMatchObject({ subscriberPK, changeReasonPK: 14 });
  expect(draft.requestPK).toBeGreaterThan(0);

  // The follow-up request: step 2, reason 14, marital status 1, effective the day after.
  const saved = await apiGet<{
    saveStep: number;
    changeReasonPK: number;
    effectiveDate: string;
    subscriber: { maritalStatusPK: number };
  }>(page, `/api/enrollment/Subscriber/EnrollmentRequest?requestPK=${draft.requestPK}`);
  expect(saved).toMatchObject({
    saveStep: 2,
    changeReasonPK: 14,
    effectiveDate: isoDate(daysFromToday(6)),
    subscriber: { maritalStatusPK: 1 },
  });
});

test('a change of coverage goes through the qualifying event to personal information', async ({ page, signInAs }) => {
  await signInAs(HR);
  const chooser = new MemberChooserPage(page);
  const changeCoverage = new MemberChangeCoveragePage(page);
  await chooser.open(`${CHOOSER_PATHS.changeCoverage}?page=${PAGE_OF.changeCoverage}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Change Coverage' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const row = chooser.rows.filter({ hasNotText: 'Pending request' }).first();
  const chosen = await chooser.nameOf(row);
  await row.click();
  await expect(changeCoverage.modal).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await changeCoverage.chooseEvent('Marriage');

  await expect(page).toHaveURL(/\/enroll-subscriber\/personal-information$/);
  const draft = await storedDraft(page);
  expect(draft).toMatchObject({ changeReasonPK: 3, requestPK: null });
  const details = await apiGet<Details & { employerDivisions: number | null; employerPlanPK: number | null }>(
    page,
    `/api/enrollment/Subscriber/SubscriberDetails?pk=${draft.subscriberPK}`,
  );
  expect(details.subscriber).toMatchObject(chosen);

  // Its own journey: every step names it, the member and the qualifying event.
  const wizard = new EnrollmentWizardPage(page);
  const name = `${chosen.firstName} ${chosen.lastName}`;
  await wizard.expectStep(1, name);
  await expect(wizard.main.getByText('Qualifying event: Marriage')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Change Coverage');
  await wizard.next();
  await wizard.expectStep(2, name);
  await wizard.next();
  await wizard.expectStep(3, name);
  await wizard.button('Skip').click();
  // The plan step starts from the member's current elections.
  await wizard.expectStep(4, name);
  await expect(wizard.select('Division')).not.toHaveValue('');
  if (details.employerPlanPK !== null) {
    await expect(
      wizard.main.getByRole('radiogroup', { name: 'Medical Coverage' }).getByRole('radio', { name: 'Yes' }),
    ).toBeChecked();
    await expect(wizard.select('Medical Plan')).toHaveValue(String(details.employerPlanPK));
  }
  await wizard.toReview(name);
  await wizard.button('Submit').click();
  const submitted = wizard.dialog('Coverage Change Submitted');
  await expect(submitted).toContainText(`The coverage change for ${name} was submitted.`);
  await submitted.getByRole('button', { name: 'Close' }).click();
  await wizard.dialog('Subscriber Request Received').getByRole('button', { name: 'Return to Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('a retro date beyond 90 days opens the error modal and sends nothing', async ({ page, signInAs }) => {
  await signInAs(HR);
  const chooser = new MemberChooserPage(page);
  const terminate = new MemberTerminationPage(page);
  const subscriberPosts = countPosts(page, '/Subscriber/TerminateSubscriber');
  const dependentPosts = countPosts(page, '/Subscriber/TerminateDependent');

  await chooser.open(`${CHOOSER_PATHS.terminate}?page=${PAGE_OF.retro}`);
  await chooser.rows.filter({ hasNotText: 'Pending request' }).first().click();
  await terminate.waitUntilShown();

  // Both dates are required: listed at the top, which takes focus, and under each field.
  await terminate.next();
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('listitem')).toHaveText([
    'Event Date: Event Date is required!',
    'Benefit End Date: Termination Date is required!',
  ]);
  await expect(page.getByRole('group', { name: 'Event Date' })).toHaveAccessibleDescription('Event Date is required!');

  await terminate.fill({ eventDate: usDate(daysFromToday(-91)), terminationDate: usDate(daysFromToday(-91)) });
  await terminate.next();
  await expect(terminate.retroError(false)).toBeVisible();
  await expect(terminate.retroError(false)).toContainText(RETRO_MESSAGE);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await terminate.retroError(false).getByRole('button', { name: 'Go back' }).click();
  await expect(terminate.retroError(false)).toBeHidden();
  await terminate.waitUntilShown();

  // A dependent gets the dependent's title.
  await chooser.open(`${CHOOSER_PATHS.terminate}?page=${PAGE_OF.retroDependent}`);
  await (await chooser.firstDependent(chooser.rows.filter({ hasNotText: 'Pending request' }))).dependent.click();
  await terminate.waitUntilShown();
  await terminate.fill({ eventDate: usDate(daysFromToday(-1)), terminationDate: usDate(daysFromToday(-120)) });
  await terminate.next();
  await expect(terminate.retroError(true)).toBeVisible();
  await expect(terminate.retroError(true)).toContainText(RETRO_MESSAGE);

  await page.waitForTimeout(300);
  expect(subscriberPosts.count).toBe(0);
  expect(dependentPosts.count).toBe(0);
});

test('members with a pending request get the notice of each flow', async ({ page, signInAs }) => {
  await signInAs(HR);
  const chooser = new MemberChooserPage(page);
  // Seeded on a fresh database: 168 has a pending update, 179 a change of coverage, 190 a termination.
  const cases = [
    { pk: 168, path: CHOOSER_PATHS.update, message: UPDATE_PENDING },
    { pk: 190, path: CHOOSER_PATHS.terminate, message: TERMINATE_PENDING },
    { pk: 179, path: CHOOSER_PATHS.changeCoverage, message: CHANGE_COVERAGE_PENDING },
    // Any pending subscriber request stops every flow, with its own kind's text.
    { pk: 190, path: CHOOSER_PATHS.changeCoverage, message: TERMINATE_PENDING },
    { pk: 168, path: CHOOSER_PATHS.terminate, message: UPDATE_PENDING },
  ];
  for (const { pk, path, message } of cases) {
    await chooser.open(path);
    const { subscriber } = await apiGet<Details>(page, `/api/enrollment/Subscriber/SubscriberDetails?pk=${pk}`);
    await chooser.search({ lastName: subscriber.lastName, firstName: subscriber.firstName });
    await chooser.row(subscriber.lastName, subscriber.firstName).click();
    await expect(chooser.pendingNotice).toContainText(message);
    await chooser.returnFromPendingNotice();
    expect(new URL(page.url()).pathname).toBe(path);
  }

  // A link straight to the form of a pending member shows the notice and returns to the chooser.
  await page.goto('/update-subscriber/update-personal-information?subscriberPK=168');
  await expect(chooser.pendingNotice).toContainText(UPDATE_PENDING);
  await expect(page.getByRole('button', { name: 'Review Changes' })).toHaveCount(0);
  await chooser.returnFromPendingNotice();
  await expect(page).toHaveURL(/\/update-subscriber\/choose-a-subscriber-or-dependent$/);
});
