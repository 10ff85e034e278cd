import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AccessReportPage } from './pages/access-report-page';
import { CoverageInquiryPage } from './pages/coverage-inquiry-page';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('HR reads a member’s coverage and the auditor finds that read in the Access Report', async ({
  page,
  signInAs,
  shell,
  loginPage,
}) => {
  // HR opens the coverage of the first member listed: a read of member data.
  await signInAs('hr@example.com');
  const coverage = new CoverageInquiryPage(page);
  await coverage.open();
  const first = coverage.rows.first();
  const lastName = (await first.getByRole('cell').first().innerText()).split('\n')[0]!.trim();
  await first.click();
  await coverage.viewButton.click();
  await expect(coverage.modal).toBeVisible();
  await page.keyboard.press('Escape');
  await shell.logout();
  // The provider's logout ends back on its sign-in page; only then can the next user start.
  await page.waitForURL(/\/idp\//);
  await loginPage.waitUntilShown();

  // The auditor sees only Home, the Access Report and the open entries.
  await signInAs('auditor@example.com');
  const labels = await shell.menuLabels();
  expect(labels).toContain('Access Report');
  expect(labels).not.toContain('Coverage Inquiry');
  expect(labels).not.toContain('Census Report');

  await shell.nav.getByRole('link', { name: 'Access Report' }).click();
  const report = new AccessReportPage(page);
  await report.waitUntilShown();
  await report.filterByMember(lastName);
  await expect(report.row('hr@example.com', 'subscriberDetails').first()).toBeVisible();
  await expect(report.rows.filter({ hasText: 'Allowed (200)' }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
