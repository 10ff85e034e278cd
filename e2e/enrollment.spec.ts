import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { EnrollmentWizardPage, type Dependent, type Employment, type Person } from './pages/enrollment-wizard-page';
import { newPerson, pad, testSsn } from './support/test-people';

// Expected texts written out from spec 1 §5 and §8 (deliberately not imported from the app's code).
const SUBSCRIBER_EXISTS =
  'Subscriber Record already exists. Please navigate to Change Coverage for a reinstatement or contact the employer services mailbox for questions.';
const START_BEFORE_GROUP = "The subscriber's start date must be on or after the group's start date";

const HR = 'hr@example.com';
const DIVISION = '001 – Headquarters';
const YEAR = new Date().getFullYear();
const FIRST_OF_THIS_MONTH = `${pad(new Date().getMonth() + 1)}/01/${YEAR}`;

const newEnrollee = () => newPerson('Tester', { middleName: 'Q' });

const employment = (effectiveDate = FIRST_OF_THIS_MONTH): Employment => ({
  dateOfHire: `01/05/${YEAR - 1}`,
  effectiveDate,
  occupation: 'Engineering',
  jobTitle: 'Process Engineer',
  payRate: '2500',
  payFrequency: 'Bi-Weekly',
});

const dependent = (
  person: Person,
  firstName: string,
  relationship: Dependent['relationship'],
  dateOfBirth: string,
): Dependent => ({
  firstName,
  lastName: person.lastName,
  ssn: testSsn(),
  dateOfBirth,
  relationship,
  gender: relationship === 'Spouse' ? 'Male' : 'Female',
});

const last4 = (ssn: string) => ssn.slice(-4);

/** Calls the API from the page as the signed-in user (the SPA's own access token). */
async function callApi(page: Page, path: string, init: { method?: string; json?: unknown } = {}) {
  return page.evaluate(
    async ({ path, init }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
      const token = (JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
      const response = await fetch(`/api/enrollment${path}`, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${token ?? ''}`,
          ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      return { status: response.status, text: await response.text() };
    },
    { path, init },
  );
}

/** The full SSN of one subscriber of the group, from the census (the one place it is given out). */
async function ssnOnFile(page: Page, employerPK: number): Promise<string> {
  const census = await callApi(page, '/Report/GetCensusForGroup', { method: 'POST', json: { employerPK } });
  expect(census.status).toBe(200);
  const ssn = census.text
    .split('\n')
    .filter((line) => line.includes(',Subscriber,'))
    .map((line) => /\b\d{3}-\d{2}-\d{4}\b/.exec(line)?.[0])
    .find(Boolean);
  expect(ssn).toBeDefined();
  return ssn!;
}

async function wizardStorage(page: Page) {
  return page.evaluate(() =>
    Object.fromEntries(
      Object.keys(sessionStorage)
        .filter((k) => k.startsWith('benefits-portal.'))
        .map((k) => [k, sessionStorage.getItem(k)]),
    ),
  );
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Steps 1 and 2 filled and saved; the wizard is on step 3. Answers the request's key. */
async function throughEmployment(wizard: EnrollmentWizardPage, person: Person, job = employment()): Promise<number> {
  await wizard.fillPersonal(person);
  const created = wizard.waitForSave('POST');
  await wizard.next();
  const { requestPK } = (await (await created).json()) as { requestPK: number };
  await wizard.expectStep(2);
  await wizard.fillEmployment(job);
  await wizard.next();
  await wizard.expectStep(3);
  return requestPK;
}

test.describe('enrollment wizard', () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs(HR);
  });

  test('HR enrolls a subscriber with two dependents, medical, dental and FSA', async ({ page }) => {
    const wizard = new EnrollmentWizardPage(page);
    await wizard.open();
    await expect(wizard.button('Cancel enrollment')).toHaveCount(0);
    const person = newEnrollee();
    const requestPK = await throughEmployment(wizard, person);

    const spouse = dependent(person, 'Robin', 'Spouse', '07/30/1986');
    const child = dependent(person, 'Kim', 'Child', '02/14/2016');
    await expect(wizard.button('Skip')).toBeVisible();
    await wizard.fillDependent(spouse);
    await wizard.button('Add Another Dependent').click();
    await expect(wizard.main.getByRole('heading', { name: 'Dependent 2 of 2' })).toBeVisible();
    await expect(wizard.button('Skip')).toHaveCount(0);
    await wizard.fillDependent(child);
    await expect(wizard.dependentList.getByRole('listitem')).toHaveText([
      `${spouse.firstName} ${spouse.lastName}`,
      `${child.firstName} ${child.lastName}`,
    ]);
    await expect(
      wizard.dependentList.getByRole('button', { name: `Delete dependent ${spouse.firstName} ${spouse.lastName}` }),
    ).toBeVisible();
    await wizard.next();

    await wizard.expectStep(4);
    await wizard.choosePlan({
      division: DIVISION,
      medical: { plan: 'Choice PPO 500', tier: 'Family' },
      dental: { plan: 'Dental Basic', tier: 'Family' },
      fsa: [{ plan: 'Health Care FSA', amount: '1250.00' }],
    });
    await expect(wizard.textbox('Group Effective Date')).toHaveValue(`01/01/${YEAR}`);

    // Check your answers: every step's answers, with a way back to each, before anything is submitted.
    await wizard.toReview();
    await expect(wizard.reviewValue('Personal Information', 'Name')).toHaveText(
      [person.firstName, person.middleName, person.lastName].filter(Boolean).join(' '),
    );
    await expect(wizard.reviewValue('Personal Information', 'SSN')).toHaveText(`Ending in ${last4(person.ssn)}`);
    await expect(wizard.reviewSection('Dependent Information')).toContainText(`${child.firstName} ${child.lastName}`);
    await expect(wizard.reviewValue('Choose a Plan', 'Medical')).toHaveText('Choice PPO 500 – Family');
    await expect(wizard.reviewValue('Choose a Plan', 'FSA')).toHaveText('Health Care FSA: $1,250.00');
    await expect(wizard.main).not.toContainText(person.ssn);
    await wizard.main.getByRole('link', { name: 'Change employment information' }).click();
    await wizard.expectStep(2);
    await wizard.next();
    await wizard.expectStep(3);
    await wizard.next();
    await wizard.expectStep(4);
    await wizard.toReview();

    const submitted = wizard.waitForSave('PUT');
    await wizard.button('Submit').click();
    expect((await submitted).status()).toBe(200);
    const created = wizard.dialog('Subscriber Created');
    await expect(created).toContainText('The new subscriber enrollment was created.');
    await created.getByRole('button', { name: 'Close' }).click();
    const received = wizard.dialog('Subscriber Request Received');
    await expect(received).toContainText('The enrollment form was received');
    await expect(received).toContainText('Enrollment Submissions');
    await received.getByRole('button', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

    const stored = await callApi(page, `/Subscriber/EnrollmentRequest?requestPK=${requestPK}`);
    expect(stored.status).toBe(200);
    const request = JSON.parse(stored.text) as Record<string, unknown> & { dependents: Record<string, unknown>[] };
    // Stored as Submitted. An HR submission also counts as the HR approval, and processing may already
    // have taken it further, so the status history tells.
    const details = await callApi(page, `/Request/RequestDetails?requestPK=${requestPK}&needsView=false`);
    const history = (JSON.parse(details.text) as { history: { status: string }[] }).history.map((h) => h.status);
    expect(history.slice(0, 2)).toEqual(['Incomplete', 'Submitted']);
    expect(['Incomplete', 'Cancelled', 'HRRejected', 'HEZRejected']).not.toContain(request.status);
    expect(request).toMatchObject({
      requestPK,
      hasDependents: true,
      isMedicalCoverage: true,
      isDentalCoverage: true,
      isFSA: true,
      FSAElections: [expect.objectContaining({ amount: '1,250.00' })],
      effectiveDate: `${YEAR}-${FIRST_OF_THIS_MONTH.slice(0, 2)}-01`,
      subscriber: expect.objectContaining({ lastName: person.lastName, ssnLast4: last4(person.ssn) }),
    });
    expect(request.dependents.map((d) => [d.firstName, d.ssnLast4])).toEqual([
      [spouse.firstName, last4(spouse.ssn)],
      [child.firstName, last4(child.ssn)],
    ]);
    // Full SSNs never come back, and nothing of the finished enrollment stays in the browser.
    expect(stored.text).not.toMatch(/\d{3}-\d{2}-\d{4}/);
    const storage = await wizardStorage(page);
    expect(Object.keys(storage).filter((k) => k.includes('enrollment-form'))).toEqual([]);
    expect(JSON.parse(storage['benefits-portal.app'] ?? '{}').state.enrollment.requestPK).toBeNull();
  });

  test('a failed Next lists every error at the top, focused, and under each field', async ({ page }) => {
    const wizard = new EnrollmentWizardPage(page);
    await wizard.open();
    await wizard.textbox('Middle Initial').fill('1');
    await wizard.textbox('Phone').fill('12ab');
    await wizard.next();
    await expect(wizard.errorSummary).toBeFocused();
    for (const message of [
      'First Name: Min of 1 character is required.',
      'Middle Initial: Middle name must be a single letter or left blank.',
      'SSN: SSN required',
      'Date of Birth: Birth date is required',
      'Gender: Gender is required.',
      'Address Line 1: Address is required.',
      'State: State is required.',
      'Zip Code: Zipcode must be exactly 5 digits (e.g., 12345) or 9 digits (e.g., 12345-6789).',
      'Phone: All values must be numerical.',
      'Email: Please enter a valid email address.',
    ]) {
      await expect(wizard.errorSummary.getByRole('listitem').filter({ hasText: message })).toHaveCount(1);
    }
    await expect(wizard.textbox('Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(wizard.textbox('Phone')).toHaveAccessibleDescription('All values must be numerical.');
    await expect(wizard.textbox('SSN')).toHaveAccessibleDescription(/SSN required/);
    await wizard.expectStep(1);

    // The input limits: 20 characters typed in a phone field, 1 in the middle initial.
    await wizard.textbox('Phone').fill('');
    await wizard.textbox('Phone').pressSequentially('1'.repeat(25));
    await expect(wizard.textbox('Phone')).toHaveValue('1'.repeat(20));
    await expect(wizard.textbox('Phone')).toHaveAccessibleDescription(
      'Max 11 characters allowable, (Country code + phone number) e.g. 1123456789',
    );
  });

  test('an SSN already on file as a subscriber opens the already-exists notice and does not advance', async ({
    page,
  }) => {
    const wizard = new EnrollmentWizardPage(page);
    await wizard.open();
    const person = { ...newEnrollee(), ssn: await ssnOnFile(page, 2) };
    await wizard.fillPersonal(person);
    const answer = wizard.waitForSave('POST');
    await wizard.next();
    expect(await (await answer).json()).toMatchObject({ hasError: true });
    const notice = wizard.dialog('Subscriber Record Exists');
    await expect(notice).toContainText(SUBSCRIBER_EXISTS);
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(notice).toBeHidden();
    await wizard.expectStep(1);
    await expect(wizard.textbox('First Name')).toHaveValue(person.firstName);
    await expect(wizard.button('Cancel enrollment')).toHaveCount(0);
  });

  test('an effective date before the plan’s contract start opens the notice, which returns to employment', async ({
    page,
  }) => {
    const wizard = new EnrollmentWizardPage(page);
    await wizard.open();
    await throughEmployment(wizard, newEnrollee(), employment(`01/01/${YEAR - 1}`));
    await wizard.button('Skip').click();
    await wizard.expectStep(4);
    await wizard.choosePlan({ division: DIVISION, medical: { plan: 'Choice PPO 500', tier: 'Employee Only' } });
    await wizard.next();
    const notice = wizard.dialog('Notice');
    await expect(notice).toContainText(START_BEFORE_GROUP);
    await notice.getByRole('button', { name: 'Return to previous step' }).click();
    await wizard.expectStep(2);
    await expect.poll(() => wizard.dateValue('Effective Date')).toBe(`01/01/${YEAR - 1}`);
  });

  test('Back and Next keep what was entered on every step, and leaving the plan page saves it', async ({ page }) => {
    const wizard = new EnrollmentWizardPage(page);
    await wizard.open();
    const person = newEnrollee();
    const job = employment();
    const requestPK = await throughEmployment(wizard, person, job);

    await wizard.back();
    await wizard.expectStep(2);
    await wizard.expectEmployment(job);
    await wizard.back();
    await wizard.expectStep(1);
    await wizard.expectPersonal(person, last4(person.ssn));
    await wizard.next();
    await wizard.expectStep(2);
    await wizard.expectEmployment(job);
    await wizard.next();

    await wizard.expectStep(3);
    const child = dependent(person, 'Kim', 'Child', '02/14/2016');
    await wizard.fillDependent(child);
    await wizard.next();
    await wizard.expectStep(4);
    await wizard.choosePlan({ division: DIVISION, medical: { plan: 'Choice PPO 500', tier: 'Employee + Child(ren)' } });
    await wizard.back();

    await wizard.expectStep(3);
    await wizard.expectDependent(child, { onFileLast4: last4(child.ssn) });
    await wizard.back();
    await wizard.expectStep(2);
    await wizard.expectEmployment(job);
    await wizard.next();
    await wizard.next();
    await wizard.expectStep(4);
    await expect(wizard.select('Division').locator('option:checked')).toHaveText(DIVISION);
    await expect(wizard.select('Medical Plan').locator('option:checked')).toHaveText('Choice PPO 500');
    await expect(wizard.select('Medical Tier').locator('option:checked')).toHaveText('Employee + Child(ren)');

    // Leaving the plan page another way (the menu) saves it as step 4.
    await wizard.answer('Dental Coverage', 'No');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect
      .poll(async () => {
        const saved = JSON.parse(
          (await callApi(page, `/Subscriber/EnrollmentRequest?requestPK=${requestPK}`)).text,
        ) as Record<string, unknown>;
        return [saved.saveStep, saved.isDentalCoverage, saved.groupEffectiveDate];
      })
      .toEqual([4, false, `${YEAR}-01-01`]);
  });

  test('a reload on the dependent page keeps what was typed there and on the earlier steps', async ({ page }) => {
    const wizard = new EnrollmentWizardPage(page);
    await wizard.open();
    const person = newEnrollee();
    const job = employment();
    await throughEmployment(wizard, person, job);
    const spouse = dependent(person, 'Robin', 'Spouse', '07/30/1986');
    await wizard.fillDependent(spouse);

    await page.reload();
    await wizard.expectStep(3);
    // Typed but never saved: everything is back except the SSN, which is never kept in the browser.
    await wizard.expectDependent(spouse, 'empty');
    const storage = JSON.stringify(await wizardStorage(page));
    expect(storage).not.toContain(spouse.ssn);
    expect(storage).not.toContain(person.ssn);

    await wizard.textbox('SSN').fill(spouse.ssn.replaceAll('-', ''));
    await wizard.back();
    await wizard.expectStep(2);
    await wizard.expectEmployment(job);
    await wizard.back();
    await wizard.expectStep(1);
    await wizard.expectPersonal(person, last4(person.ssn));
  });

  test('a double-clicked Next creates one request, and a double-clicked Submit submits once', async ({ page }) => {
    const saves: string[] = [];
    page.on('request', (request) => {
      if (/\/Subscriber\/EnrollmentRequest(\?|$)/.test(request.url()) && request.method() !== 'GET')
        saves.push(request.method());
    });
    const wizard = new EnrollmentWizardPage(page);
    await wizard.open();
    await wizard.fillPersonal(newEnrollee());
    await wizard.button('Next').dblclick();
    await wizard.expectStep(2);
    await page.waitForTimeout(500);
    expect(saves).toEqual(['POST']);

    await wizard.next();
    await wizard.expectStep(3);
    await wizard.button('Skip').click();
    await wizard.expectStep(4);
    await wizard.choosePlan({ division: DIVISION, medical: { plan: 'Choice PPO 500', tier: 'Employee Only' } });
    await wizard.toReview();
    saves.length = 0;
    await wizard.button('Submit').dblclick();
    await expect(wizard.dialog('Subscriber Created')).toBeVisible();
    await page.waitForTimeout(500);
    expect(saves).toEqual(['PUT']);
  });

  test('Cancel enrollment clears the wizard and starts again at step 1', async ({ page }) => {
    const wizard = new EnrollmentWizardPage(page);
    await wizard.open();
    await throughEmployment(wizard, newEnrollee());
    await wizard.button('Cancel enrollment').click();
    const confirm = wizard.dialog('Cancel enrollment?');
    await confirm.getByRole('button', { name: 'Cancel enrollment' }).click();
    await wizard.expectStep(1);
    await expect(wizard.textbox('First Name')).toHaveValue('');
    await expect(wizard.button('Cancel enrollment')).toHaveCount(0);
    await page.goto('/enroll-subscriber/choose-a-plan');
    await wizard.expectStep(1);
  });

  test('each step has no serious accessibility violations', async ({ page }) => {
    // Five full axe runs take close to a minute on a 2-core machine: a budget with room to spare.
    test.setTimeout(180_000);
    const wizard = new EnrollmentWizardPage(page);
    await wizard.open();
    await wizard.next();
    await expect(wizard.errorSummary).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const person = newEnrollee();
    await wizard.fillPersonal(person);
    await wizard.next();
    await wizard.expectStep(2);
    expect(await seriousViolations(page)).toEqual([]);
    await wizard.fillEmployment(employment());
    await wizard.next();

    await wizard.expectStep(3);
    await wizard.fillDependent(dependent(person, 'Robin', 'Spouse', '07/30/1986'));
    await wizard.button('Add Another Dependent').click();
    await wizard.button('Add Another Dependent').click();
    await expect(wizard.errorSummary).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await wizard.fillDependent(dependent(person, 'Kim', 'Child', '02/14/2016'));
    await wizard.next();

    await wizard.expectStep(4);
    await wizard.choosePlan({
      division: DIVISION,
      medical: { plan: 'Choice PPO 500', tier: 'Family' },
      fsa: [{ plan: 'Health Care FSA', amount: '500' }],
    });
    expect(await seriousViolations(page)).toEqual([]);
    await wizard.toReview();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
