import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { ClaimSearchPage } from './pages/claim-search-page';
import { DashboardPage } from './pages/dashboard-page';
import { CHOOSER_PATHS, MemberChooserPage } from './pages/member-chooser-page';
import { MemberViewPage } from './pages/member-view-page';
import { apiRead } from './pages/member-services-api';

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const today = () => new Date().toLocaleDateString('en-CA');
const daysBefore = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d - n).toLocaleDateString('en-CA');
};

test('HR sees the dashboard with the group’s numbers, each chart with its table', async ({ page, signInAs }) => {
  const dashboard = new DashboardPage(page);
  await signInAs('hr@example.com');
  await dashboard.open();
  expect(await dashboard.panelTitles()).toEqual(['Members', 'Enrollment by plan', 'Requests, last 30 days']);

  // Expected figures from the list calls the other screens use.
  const active = await apiRead<{ recordCount: number }>(page, 'POST', '/api/enrollment/Subscriber/SubscriberList', {
    employerPK: 2,
    recordsPerPage: 1,
  });
  await expect(dashboard.figure(dashboard.panel('Members'), 'Subscribers')).toHaveText(
    active.recordCount.toLocaleString('en-US'),
  );
  const form = new URLSearchParams({
    employerPK: '2',
    RequestStatus: 'Submitted',
    dateFrom: daysBefore(today(), 29),
    dateTo: today(),
    recordsPerPage: '1',
  });
  const submitted = await page.request.fetch('/api/enrollment/Request/List', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await page.evaluate(() => {
        const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
        return (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
      })}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    data: form.toString(),
  });
  const { recordCount: submittedCount } = (await submitted.json()) as { recordCount: number };
  expect(submittedCount).toBeGreaterThan(0);
  await expect(dashboard.requestStatus('Submitted')).toHaveText(`Submitted: ${submittedCount}`);

  await dashboard.waitForCharts();
  // Every chart has its text alternative: a table with the same numbers, shown on "View data".
  const figures = page.locator('figure');
  const count = await figures.count();
  expect(count).toBe(4);
  for (let i = 0; i < count; i++) await expect(figures.nth(i).locator('table')).toHaveCount(1);
  const trend = figures.filter({ hasText: 'Subscribers enrolled' });
  await trend.getByRole('button', { name: 'View data' }).click();
  await expect(trend.getByRole('table')).toBeVisible();
  await expect(trend.getByRole('row')).toHaveCount(13);
  expect(await axeViolations(page)).toEqual([]);

  // "Submitted" opens the manager filtered to Submitted over the same days.
  await dashboard.requestStatus('Submitted').getByRole('link', { name: 'Submitted' }).click();
  await expect(page).toHaveURL(/\/enrollment-manager\?.*status=Submitted/);
  await expect(page.getByText(new RegExp(`of ${submittedCount}$`))).toBeVisible();
  const statuses = await page.getByTestId('request-row').allTextContents();
  expect(statuses.length).toBe(submittedCount);
  for (const row of statuses) expect(row).toContain('Submitted');
});

test('a claims-only user sees only the claims panel', async ({ page, signInAs }) => {
  const dashboard = new DashboardPage(page);
  await signInAs('claims@example.com');
  await dashboard.open();
  await expect(dashboard.panel('Claims')).toBeVisible();
  expect(await dashboard.panelTitles()).toEqual(['Claims']);
  await dashboard.waitForCharts();
  expect(await axeViolations(page)).toEqual([]);
});

test('the member view of a termed member shows the ended coverage with its end date', async ({ page, signInAs }) => {
  const chooser = new MemberChooserPage(page);
  const member = new MemberViewPage(page);
  await signInAs('hr@example.com');
  const { list } = await apiRead<{ list: { lastName: string; firstName: string; isTermed: boolean }[] }>(
    page,
    'POST',
    '/api/enrollment/Subscriber/SubscriberList',
    { employerPK: 2, includeTermedMembers: true, recordsPerPage: 100 },
  );
  const termed = list.find((s) => s.isTermed)!;
  await chooser.open(`${CHOOSER_PATHS.update}?termed=true`);
  await chooser.search({ lastName: termed.lastName, firstName: termed.firstName });
  await page
    .getByRole('link', { name: `View member ${termed.firstName} ${termed.lastName}` })
    .first()
    .click();
  await member.waitUntilShown();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(termed.lastName);
  await expect(member.fact('SSN')).toHaveText(/^\*\*\*-\*\*-\d{4}$/);
  const termDate = (await member.fact('Term date').textContent())!;
  expect(termDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  const ended = member.endedCoverage();
  await expect(ended.first()).toBeVisible();
  // A termination ends the coverage on the term date.
  expect(await member.cellOf(ended.first(), 'End date')).toBe(termDate);
  expect(await axeViolations(page)).toEqual([]);
});

test('exporting a filtered claim search downloads a workbook of the whole filtered list', async ({
  page,
  signInAs,
}) => {
  const search = new ClaimSearchPage(page);
  await signInAs('claims@example.com');
  const { list } = await apiRead<{ list: { patientLastName: string }[] }>(
    page,
    'POST',
    '/api/enrollment/Employer/ClaimDetails?employerPK=2',
    { recordsPerPage: 100 },
  );
  const lastName = list[0]!.patientLastName.slice(0, 2);
  const { recordCount } = await apiRead<{ recordCount: number }>(
    page,
    'POST',
    '/api/enrollment/Employer/ClaimDetails?employerPK=2',
    { lastName, recordsPerPage: 1 },
  );
  await search.open();
  await search.search({ lastName });
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel workbook (.xlsx)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Claims G000002 ${today()}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount - 1).toBe(recordCount);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const lastNames = sheet.getColumn(header.indexOf('Patient Last Name') + 1).values.slice(2) as string[];
  for (const name of lastNames) expect(name.toLowerCase()).toContain(lastName.toLowerCase());
});
