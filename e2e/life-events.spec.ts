import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { CarrierFilesPage } from './pages/carrier-files-page';
import { EnrollmentManagerPage, runProcessing } from './pages/enrollment-manager-page';
import { signedInContext } from './pages/login-page';
import { sidewaysScroll, waitUntilLoaded, wcagViolations } from './support/accessibility';

const pad = (n: number) => String(n).padStart(2, '0');
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const typed = (d: Date) => `${pad(d.getMonth() + 1)}${pad(d.getDate())}${d.getFullYear()}`;
const shown = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
const x12 = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
const CERTIFICATE = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A browser of the user's own, signed in; a phone's viewport when asked. */
const signedIn = (browser: Browser, email: string, phone = false): Promise<Page> =>
  signedInContext(browser, email, DEMO_PASSWORD, phone);

async function typeDate(page: Page, group: string, date: Date) {
  await page
    .getByRole('group', { name: new RegExp(`^${group}`) })
    .getByRole('spinbutton', { name: 'Month' })
    .click();
  await page.keyboard.type(typed(date));
}

test('a birth reported 20 days on, certificate to follow, approved by HR: covered from the birth date, and the carrier told', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const born = daysAgo(20);
  const employee = await signedIn(browser, 'employee@example.com', true);
  await employee.goto('/my-benefits');
  const name = (await employee.getByTestId('my-cost').locator('p').first().textContent())!.trim();
  const [firstName, lastName] = name.split(' ') as [string, string];
  await employee.getByRole('link', { name: 'Report a life event' }).click();
  await expect(employee.getByRole('heading', { level: 1, name: 'Report a Life Event' })).toBeVisible();
  await waitUntilLoaded(employee);

  // A marriage more than 31 days ago is past its window: the member is told why and whom to ask.
  const kind = employee.getByRole('combobox', { name: /^What happened/ });
  await kind.selectOption({ label: 'Marriage' });
  await typeDate(employee, 'Date of the event', daysAgo(40));
  await expect(employee.getByRole('alert')).toContainText(
    'Marriage must be reported within 31 days of the event; this one was 40 days ago',
  );
  await expect(employee.getByRole('alert')).toContainText('Contact your HR team at');
  await expect(employee.getByRole('button', { name: 'Send to HR' })).toHaveCount(0);

  // The birth: the child joins the family tier of the same plan, effective on the birth date.
  await kind.selectOption({ label: 'Birth' });
  await typeDate(employee, 'Date of the event', born);
  await expect(employee.getByTestId('life-event-window')).toContainText(
    `Changes take effect on the date of the event (${shown(born)})`,
  );
  const medical = employee.getByRole('region', { name: 'Medical', exact: true });
  await medical.getByRole('radio', { name: 'Change plan or who is covered' }).check();
  await medical.getByRole('combobox', { name: 'Who is covered' }).click();
  await employee.getByRole('option', { name: 'Family' }).click();
  await expect(medical.getByRole('combobox', { name: 'Who is covered' })).toHaveText('Family');
  const added = employee.getByRole('region', { name: 'Dependents to add' });
  await added.getByRole('button', { name: 'Add a dependent' }).click();
  await added.getByLabel(/^First name/).fill('Iris');
  await added.getByLabel(/^Last name/).fill(lastName);
  await added
    .getByRole('group', { name: /^Date of birth/ })
    .getByRole('spinbutton', { name: 'Month' })
    .click();
  await employee.keyboard.type(typed(born));
  await added.getByRole('combobox', { name: /^Relationship/ }).selectOption({ label: 'Child' });
  await added.getByRole('combobox', { name: /^Gender/ }).selectOption({ label: 'Female' });
  await employee.getByRole('radio', { name: /^It will follow/ }).check();
  expect(await wcagViolations(employee), 'axe on the life event form at 360 px').toEqual([]);
  expect(await sidewaysScroll(employee)).toBe(0);
  await employee.getByRole('button', { name: 'Send to HR' }).click();
  await expect(employee.getByRole('status').filter({ hasText: 'Sent to HR' })).toContainText(
    `the changes take effect on ${shown(born)}`,
  );
  const reported = employee.getByRole('region', { name: 'Reported events' });
  await expect(reported).toContainText(`Birth on ${shown(born)}`);
  await expect(reported).toContainText('proof to follow by');

  // The certificate arrives a few days later.
  await reported.getByLabel(`Proof of Birth on ${shown(born)}`).setInputFiles({
    name: 'birth-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: CERTIFICATE,
  });
  await expect(employee.getByText('Your proof was sent to HR')).toBeVisible();
  await expect(reported).toContainText('proof sent');
  await employee.context().close();

  // HR reviews the request with the certificate beside it, and approves.
  const hr = await signedIn(browser, 'hr@example.com');
  const manager = new EnrollmentManagerPage(hr);
  await manager.openFromMenu();
  await manager.filter({ lastName, firstName });
  const row = manager.rowOf({ firstName, lastName }).filter({ hasText: 'Life Event Change' });
  await expect(row).toHaveCount(1);
  await manager.action(row, 'View Request').click();
  await expect(manager.viewDialog.getByRole('article')).toContainText('Birth');
  await expect(manager.viewDialog.getByRole('article')).toContainText(`Iris ${lastName}`);
  await expect(manager.viewDialog.getByTitle('Proof of the event (PDF)')).toBeVisible();
  await manager.viewDialog.getByRole('button', { name: 'Close' }).click();
  await manager.action(row, 'Approve').click();
  await manager.approveDialog.getByRole('button', { name: 'Yes, approve' }).click();
  await manager.approveDialog.getByRole('button', { name: 'Close' }).click();
  await expect(manager.statusOf(row)).toHaveText('HR Approved');

  const requestPK = Number(await row.getAttribute('data-request-pk'));
  const outcomes = await runProcessing(request);
  expect(outcomes).toContainEqual({ requestPK, status: 'PushedToRemote' });

  // The change file: the newborn added (021) with coverage from the birth date.
  const files = new CarrierFilesPage(hr);
  await files.openFromMenu();
  await files.sendOpenChanges();
  await expect(files.cell(files.newest, 6)).toContainText('Delivered');
  const { text } = await files.download(files.newest);
  const segments = text.split('~').map((s) => s.trim().split('*'));
  const start = segments.findIndex(
    (s, i) =>
      s[0] === 'INS' &&
      segments[i + 2]?.[0] === 'NM1' &&
      segments[i + 2]?.[3] === lastName &&
      segments[i + 2]?.[4] === 'Iris',
  );
  expect(segments[start]!.slice(0, 5)).toEqual(['INS', 'N', '19', '021', 'EC']);
  const loop = segments.slice(
    start,
    segments.findIndex((s, i) => i > start && (s[0] === 'INS' || s[0] === 'SE')),
  );
  expect(loop).toContainEqual(['DTP', '348', 'D8', x12(born)]);
});
