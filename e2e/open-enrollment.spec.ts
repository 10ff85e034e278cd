import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { signedInContext } from './pages/login-page';
import { CarrierFilesPage } from './pages/carrier-files-page';
import { runProcessing } from './pages/enrollment-manager-page';
import { PlansAndRatesPage } from './pages/plans-and-rates-page';
import { ShellPage } from './pages/shell-page';
import { sidewaysScroll, waitUntilLoaded, wcagViolations } from './support/accessibility';
import { latestMail } from './support/mail';

const YEAR = new Date().getFullYear();

/** A browser of the user's own, signed in; a phone's viewport when asked. */
const signedIn = (browser: Browser, email: string, phone = false): Promise<Page> =>
  signedInContext(browser, email, DEMO_PASSWORD, phone);

test('HR opens enrollment, an employee elects on a phone, HR closes and approves, and the carrier hears of next year', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  // The group's administrator sets up next year by copying this one forward.
  const admin = await signedIn(browser, 'admin@example.com');
  const plans = new PlansAndRatesPage(admin);
  await plans.open();
  await plans.copyForward(YEAR);
  await admin.context().close();

  // 1. HR opens enrollment for group 2.
  const hr = await signedIn(browser, 'hr@example.com');
  await new ShellPage(hr).nav.getByRole('link', { name: 'Open Enrollment' }).click();
  await expect(hr.getByRole('heading', { level: 1, name: 'Open Enrollment' })).toBeVisible();
  await hr.getByRole('button', { name: 'Open enrollment' }).click();
  const progress = hr.getByRole('table', { name: 'Members by status' });
  await expect(progress.getByRole('row', { name: /^Submitted 0$/ })).toBeVisible();
  // Employees get accounts: the first batch of invitations.
  await hr.getByRole('button', { name: 'Invite employees' }).click();
  await expect(hr.getByRole('status').filter({ hasText: 'Invited' })).toHaveText(
    /^Invited 100 employees\. \d+ more have an e-mail and no account yet\.$/,
  );

  // 2. The employee, on a phone, compares next year's plans with per-paycheck costs.
  const employee = await signedIn(browser, 'employee@example.com', true);
  await employee.getByRole('link', { name: 'See my benefits' }).click();
  await employee.getByRole('link', { name: 'Enroll now' }).click();
  await expect(employee.getByRole('heading', { level: 1, name: 'Enroll for Next Year' })).toBeVisible();
  await waitUntilLoaded(employee);
  const medical = employee.getByRole('region', { name: 'Medical', exact: true });
  const compare = medical.getByRole('table', { name: /^Medical plans for / });
  await expect(compare.getByRole('row')).toHaveCount(4);
  await expect(compare.getByRole('row').nth(1)).toContainText(/\$\d[\d,]*\.\d{2}/);
  await expect(compare).toContainText('Same as today');
  expect(await wcagViolations(employee), 'axe on the enrollment screen at 360 px').toEqual([]);
  expect(await sidewaysScroll(employee)).toBe(0);

  // 3. They choose another plan for the whole family and waive dental, giving the reason.
  await medical.getByRole('radio', { name: 'Choose a plan' }).check();
  await medical.getByRole('radio', { name: 'Choose HDHP 3000 HSA' }).check();
  await medical.getByLabel('Who is covered').click();
  await employee.getByRole('option', { name: 'Family' }).click();
  // A baby born three weeks ago joins next year's family coverage.
  const added = employee.getByRole('region', { name: 'Dependents to add' });
  await added.getByRole('button', { name: 'Add a dependent' }).click();
  await added.getByLabel(/^First name/).fill('Nora');
  await added.getByLabel(/^Last name/).fill('Newborn');
  const born = new Date(Date.now() - 21 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await added
    .getByRole('group', { name: /^Date of birth/ })
    .getByRole('spinbutton', { name: 'Month' })
    .click();
  await employee.keyboard.type(`${pad(born.getMonth() + 1)}${pad(born.getDate())}${born.getFullYear()}`);
  await added.getByRole('combobox', { name: /^Relationship/ }).selectOption({ label: 'Child' });
  await added.getByRole('combobox', { name: /^Gender/ }).selectOption({ label: 'Female' });
  const dental = employee.getByRole('region', { name: 'Dental', exact: true });
  await dental.getByRole('radio', { name: 'Waive dental coverage' }).check();
  await employee.getByRole('button', { name: 'Submit my elections' }).click();
  await expect(dental.getByText('Choose why you waive this coverage.')).toBeVisible();
  await dental.getByLabel('Why do you waive it?').click();
  await employee.getByRole('option', { name: "Covered by a spouse's plan" }).click();
  await employee.getByRole('button', { name: 'Submit my elections' }).click();
  await expect(employee.getByText('Your elections were submitted')).toBeVisible();
  await expect(employee.getByText(/Your elections are in\. You can change them until/)).toBeVisible();
  await expect(medical.getByRole('radio', { name: 'Choose HDHP 3000 HSA' })).toBeChecked();

  // 4. The confirmation: a mail over SMTP with one link and no member data, and the statement PDF.
  const mail = await latestMail('employee@example.com', /open enrollment elections were received/);
  expect(mail.links).toHaveLength(1);
  expect(new URL(mail.links[0]!).pathname).toBe('/my-enrollment');
  expect(mail.text).not.toContain('HDHP');
  const [statement, answer] = await Promise.all([
    employee.waitForEvent('popup'),
    employee.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/MyBenefits/Statement')),
    employee.getByRole('button', { name: 'Confirmation (PDF)' }).click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  await statement.close();

  // HR's counts follow.
  await hr.reload();
  await expect(progress.getByRole('row', { name: /^Submitted 1$/ })).toBeVisible();
  await expect(progress.getByRole('row', { name: /^Of them, waived every coverage 0$/ })).toBeVisible();
  // HR finds the member in the list and reads their confirmation statement.
  const members = hr.getByRole('region', { name: 'Members', exact: true });
  await members.getByLabel('Status').selectOption({ label: 'Submitted' });
  await members.getByRole('button', { name: 'Search' }).click();
  await expect(members.getByTestId('enrollment-status-row')).toHaveCount(1);
  await members.getByRole('button', { name: /^Statements of / }).click();
  const statements = hr.getByRole('dialog', { name: /^Statements of / });
  const [pdf, pdfAnswer] = await Promise.all([
    hr.waitForEvent('popup'),
    hr.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/OpenEnrollment/Statement')),
    statements.getByRole('button', { name: /, latest$/ }).click(),
  ]);
  expect(pdfAnswer.status()).toBe(200);
  await pdf.close();
  await statements.getByRole('button', { name: 'Close' }).click();
  // The invited who have not submitted are reminded, once today.
  await hr.getByRole('button', { name: 'Remind those not done' }).click();
  await expect(hr.getByRole('status').filter({ hasText: 'Reminded' })).toHaveText(
    'Reminded 100 members. Everyone not done has been reminded today.',
  );
  await hr.getByRole('button', { name: 'Remind those not done' }).click();
  await expect(hr.getByRole('status').filter({ hasText: 'Reminded' })).toHaveText(
    'Reminded 0 members. Everyone not done has been reminded today.',
  );

  // 5–6. Everyone else did nothing. HR closes: the member's elections and everyone else's rollover
  // become requests effective on the plan-year start.
  await employee.context().close();
  const close = hr.getByRole('region', { name: 'Close enrollment' });
  await expect(close).toContainText('keep their plans: each rolls over to its successor, in the same tier.');
  await close.getByRole('button', { name: 'Close enrollment' }).click();
  const confirm = hr.getByRole('dialog', { name: 'Close open enrollment now?' });
  await expect(confirm).toContainText('Members can no longer change their elections');
  await confirm.getByRole('button', { name: 'Close enrollment' }).click();
  const closed = hr.getByRole('region', { name: `Closed: elections for the plan year starting 01/01/${YEAR + 1}` });
  await expect(closed).toBeVisible({ timeout: 60_000 });
  const did = closed.getByRole('table', { name: 'What closing did' });
  await expect(did.getByRole('row', { name: /^Submitted their elections 1$/ })).toBeVisible();
  const rolled = Number(
    (await did
      .getByRole('row', { name: /^Rolled over without action/ })
      .getByRole('cell')
      .textContent())!.replace(/,/g, ''),
  );
  expect(rolled).toBeGreaterThan(100);
  expect(await wcagViolations(hr), 'axe on the closed window').toEqual([]);

  // 7. HR approves them all; processing applies them; the next change file carries the new plan year.
  await closed.getByRole('button', { name: /^Approve all [\d,]+ requests$/ }).click();
  await expect(closed.getByText('Every request of this window has been decided.')).toBeVisible({ timeout: 60_000 });
  let processed = 0;
  for (let run = 0; run < 20; run++) {
    const outcomes = await runProcessing(request);
    if (outcomes.length === 0) break;
    // Requests other journeys left approved run first: a member they terminated before the plan year
    // is refused next year's coverage, rightly; nothing else is.
    expect(outcomes.filter((o) => o.status !== 'PushedToRemote' && o.note !== 'The subscriber is terminated.')).toEqual(
      [],
    );
    processed += outcomes.filter((o) => o.status === 'PushedToRemote').length;
  }
  expect(processed).toBeGreaterThan(rolled);
  const files = new CarrierFilesPage(hr);
  await files.openFromMenu();
  await files.sendOpenChanges();
  await expect(files.cell(files.newest, 6)).toContainText('Delivered');
  const { text } = await files.download(files.newest);
  const segments = text.split('~').map((s) => s.trim().split('*'));
  const nextYear = `${YEAR + 1}0101`;
  const loopsStartingNextYear = segments.filter((s) => s[0] === 'DTP' && s[1] === '348' && s[3] === nextYear);
  expect(loopsStartingNextYear.length).toBeGreaterThan(rolled);
  expect(
    segments.filter((s) => s[0] === 'INS' && s[1] === 'Y' && s[3] === '001' && s[4] === 'EC').length,
  ).toBeGreaterThan(100);
});
