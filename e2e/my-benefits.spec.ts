import { test, expect } from './fixtures';
import { goInApp, sidewaysScroll, waitUntilLoaded, wcagViolations } from './support/accessibility';

test('an employee signs in and sees only their own benefits, with the cost per paycheck, on a phone', async ({
  page,
  signInAs,
  shell,
}) => {
  await signInAs('employee@example.com');
  await page.setViewportSize({ width: 320, height: 740 });
  // Home leads a member to their benefits; the group's screens are not theirs.
  await page.getByRole('link', { name: 'See my benefits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Benefits' })).toBeVisible();
  await expect(page).toHaveTitle(/^My Benefits/);
  await waitUntilLoaded(page);

  const cost = page.getByTestId('my-cost');
  await expect(cost).toContainText(/\$\d[\d,]*\.\d{2} per paycheck/);
  await expect(cost).toContainText('26 paychecks');
  const medical = page.getByRole('region', { name: /^Medical: / });
  await expect(medical).toContainText('You pay');
  await expect(medical.getByText('You', { exact: true })).toBeVisible();
  const dependents = page.getByRole('region', { name: 'Your dependents' }).getByRole('listitem');
  expect(await dependents.count()).toBeGreaterThanOrEqual(2);
  // The seed lets group 2's members see their own claims; their documents are listed beside them.
  await expect(page.getByRole('region', { name: 'My claims' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Documents' })).toBeVisible();
  // No SSN anywhere on the screen.
  await expect(page.locator('main')).not.toContainText(/\d{3}-\d{2}-\d{4}/);

  // Their own ID card, as a PDF in a new window.
  const [card, answer] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/MyBenefits/IdCard')),
    page.getByRole('button', { name: 'My ID card (PDF)' }).click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  await card.close();

  expect(await wcagViolations(page), 'axe on My Benefits at 320 px').toEqual([]);
  expect(await sidewaysScroll(page)).toBe(0);

  // The group's screens are refused to a member, even by address.
  await page.setViewportSize({ width: 1366, height: 800 });
  expect(await shell.menuLabels()).toEqual(['Home', 'My Benefits', 'Privacy']);
  await goInApp(page, '/update-subscriber/choose-a-subscriber-or-dependent');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
});
