import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expect, test } from './fixtures';
import { CensusReportPage } from './pages/census-report-page';
import { DocumentListPage, FUNDING_REPORTS, INVOICES, MONTHLY_REPORTS } from './pages/document-list-page';

// Columns of spec 2 §2, written out here rather than imported from the app.
const CENSUS_HEADER = [
  'Subscriber ID',
  'First Name',
  'Last Name',
  'Date Of Birth',
  'Gender',
  'Email',
  'Address1',
  'Address2',
  'City',
  'State',
  'ZipCode',
  'SSN#',
  'Relation',
  'Plan Code',
  'Network Code',
  'Tier Code',
  'Date Of Hire',
  'Coverage Start',
  'Coverage End',
  'Division Code',
];
const US_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function savedBytes(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

/** Counts the calls of one endpoint the page makes from now on. */
function countCalls(page: Page, pathEnd: string): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(pathEnd)) calls += 1;
  });
  return () => calls;
}

test('HR downloads the census as a CSV with the 20 columns of the spec', async ({ page, signInAs, shell }) => {
  const census = new CensusReportPage(page);
  await signInAs('hr@example.com');
  await shell.nav.getByRole('link', { name: 'Census Report' }).click();
  await census.waitUntilShown();
  // The screen opens on the counts of today's census, before any member data is fetched.
  await expect(census.summary).toContainText(
    /Coverage in force on \d{2}\/\d{2}\/\d{4}: [\d,]+ rows for [\d,]+ subscribers and [\d,]+ dependents\./,
  );
  const announced = await census.summaryRowCount();
  expect(await seriousViolations(page)).toEqual([]);

  const download = await census.download();
  expect(download.suggestedFilename()).toBe('Census Report.csv');
  const rows = parse(await savedBytes(download), { bom: true }) as string[][];
  const [header, ...records] = rows;
  expect(header).toEqual(CENSUS_HEADER);
  // Group 2 is seeded with 200 subscribers and their dependents, one row per medical or dental coverage.
  expect(records.length).toBeGreaterThan(200);
  expect(records.length).toBeLessThan(5000);
  expect(records.length).toBe(announced);
  for (const record of records) {
    expect(record).toHaveLength(CENSUS_HEADER.length);
    expect(record[0]).toMatch(/^S02/);
    expect(record[17]).toMatch(US_DATE);
  }
  await expect(census.downloadButton).toBeEnabled();
});

test('the census keeps its button disabled and shows progress while the file arrives', async ({ page, signInAs }) => {
  const census = new CensusReportPage(page);
  await signInAs('broker@example.com');
  await census.goto();
  // Hold the answer back so the running state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/Report/GetCensusForGroup', async (route) => {
    await held;
    await route.continue();
  });

  await census.fillDate('Start Date', '01/01/2020');
  const download = census.download();
  await expect(census.downloadButton).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'Census Report.csv' })).toBeVisible();
  release();
  expect((await download).suggestedFilename()).toBe('Census Report.csv');
  await expect(census.downloadButton).toBeEnabled();
});

test('an End Date before the Start Date is refused on the End Date field', async ({ page, signInAs }) => {
  const census = new CensusReportPage(page);
  await signInAs('hr@example.com');
  await census.goto();
  await census.fillDate('Start Date', '03/01/2024');
  await census.fillDate('End Date', '02/01/2024');
  await census.downloadButton.click();
  // Named at the top (focused) and on the field.
  await expect(page.getByTestId('error-summary')).toBeFocused();
  await expect(page.getByTestId('error-summary')).toContainText('End Date: End Date must not be before Start Date.');
  await expect(page.getByRole('group', { name: 'End Date' })).toHaveAccessibleDescription(
    'End Date must not be before Start Date.',
  );
  await expect(census.downloadButton).toBeEnabled();
});

test('finance downloads the latest invoice under its own name', async ({ page, signInAs, shell }) => {
  const invoices = new DocumentListPage(page, INVOICES);
  await signInAs('finance@example.com');
  await shell.nav.getByRole('link', { name: 'Admin Invoice' }).click();
  await invoices.waitUntilShown();
  await expect(invoices.rows).toHaveCount(10);
  await expect(invoices.downloadButton).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  const [latest] = await invoices.documents();
  expect(latest!.documentName).toMatch(/^Invoice \d{4}-\d{2}\.pdf$/);
  await invoices.select(latest!.documentName);
  await expect(invoices.downloadButton).toBeEnabled();

  const download = await invoices.download();
  expect(download.suggestedFilename()).toBe(latest!.documentName);
  expect((await savedBytes(download)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('finance lists claims funding reports newest first', async ({ page, signInAs, shell }) => {
  const funding = new DocumentListPage(page, FUNDING_REPORTS);
  await signInAs('finance@example.com');
  await shell.nav.getByRole('link', { name: 'Claims Funding Report' }).click();
  await funding.waitUntilShown();
  await expect(page.getByRole('columnheader')).toHaveText(['Select', 'Create Date', 'Document Name']);
  const documents = await funding.documents();
  expect(documents).toHaveLength(10);
  for (const doc of documents) {
    expect(doc.documentName).toMatch(/^Funding Report \d{4}-\d{2}\.pdf$/);
    expect(doc.createDate).toMatch(US_DATE);
  }
  const names = documents.map((d) => d.documentName);
  expect(names).toEqual([...names].sort().reverse());
  expect(await seriousViolations(page)).toEqual([]);
});

test('reports@ lists and downloads monthly reports', async ({ page, signInAs, shell }) => {
  const monthly = new DocumentListPage(page, MONTHLY_REPORTS);
  await signInAs('reports@example.com');
  await shell.nav.getByRole('link', { name: 'Monthly Reports' }).click();
  await monthly.waitUntilShown();
  await expect(monthly.rangeStatus).toHaveText('Documents 1–10 of 14');
  const documents = await monthly.documents();
  expect(documents.map((d) => d.documentName).every((name) => /^SpecAgg \d{4}-\d{2}\.pdf$/.test(name))).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard: Tab reaches the radio group, arrow keys move the choice.
  await monthly.radio(documents[0]!.documentName).focus();
  await page.keyboard.press('Space');
  await expect(monthly.radio(documents[0]!.documentName)).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(monthly.radio(documents[1]!.documentName)).toBeChecked();
  await expect(monthly.radio(documents[0]!.documentName)).not.toBeChecked();

  const download = await monthly.download();
  expect(download.suggestedFilename()).toBe(documents[1]!.documentName);
});

test('paging and date filters live in the URL and a copied link reproduces the view', async ({
  page,
  signInAs,
  context,
}) => {
  const invoices = new DocumentListPage(page, INVOICES);
  await signInAs('finance@example.com');
  await invoices.goto();
  const firstPage = await invoices.documents();

  await invoices.pageLink(2).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(invoices.rows).toHaveCount(4);
  await expect(invoices.rangeStatus).toHaveText('Documents 11–14 of 14');
  await expect(invoices.pageLink(2)).toHaveAttribute('aria-current', 'page');
  const secondPage = await invoices.documents();
  expect(secondPage.map((d) => d.documentName)).not.toContain(firstPage[0]!.documentName);

  // The same link in another tab of the session shows the same page.
  const other = await context.newPage();
  await other.goto(page.url());
  const again = new DocumentListPage(other, INVOICES);
  await again.waitUntilShown();
  expect(await again.documents()).toEqual(secondPage);
  await other.close();

  // A new date filter starts again at the first page: only the five newest invoices are left.
  const cutoff = firstPage[4]!.createDate;
  await invoices.fillDate('Start Date', cutoff);
  await invoices.search();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page).toHaveURL(new RegExp(`startDate=${cutoff.slice(6)}-${cutoff.slice(0, 2)}-${cutoff.slice(3, 5)}`));
  await expect(invoices.rangeStatus).toHaveText('Documents 1–5 of 5');
  expect(await invoices.documents()).toEqual(firstPage.slice(0, 5));

  // Back returns to page 2 without the filter, with the fields showing no dates.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(invoices.rows).toHaveCount(4);
  await expect(invoices.dateField('Start Date').getByRole('spinbutton', { name: 'Year' })).toHaveText('YYYY');
});

test('a failed list shows an error with Retry instead of blocking the screen', async ({ page, signInAs }) => {
  const funding = new DocumentListPage(page, FUNDING_REPORTS);
  await signInAs('finance@example.com');
  let failed = false;
  await page.route('**/Document/FundingReportList', async (route) => {
    if (failed) return route.continue();
    failed = true;
    await route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ title: 'Service Unavailable', status: 503 }),
    });
  });

  await page.goto(FUNDING_REPORTS.path);
  await expect(funding.heading).toBeVisible();
  await expect(funding.errorAlert).toContainText('The Claims Funding Report list could not be loaded');
  await expect(funding.searchButton).toBeEnabled();
  await funding.errorAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(funding.rows).toHaveCount(10);
  await expect(funding.errorAlert).toHaveCount(0);
});

test('a role without access never sees the entries', async ({ page, signInAs, shell }) => {
  const invoiceCalls = countCalls(page, '/Document/InvoiceList');
  await signInAs('hr@example.com');
  await expect(shell.nav.getByRole('link', { name: 'Admin Invoice' })).toHaveCount(0);
  await page.goto(INVOICES.path);
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Invoice' })).toHaveCount(0);
  await expect(page.getByTestId('document-row')).toHaveCount(0);
  expect(invoiceCalls()).toBe(0);
});

test('finance cannot open the census', async ({ page, signInAs, shell }) => {
  const censusCalls = countCalls(page, '/Report/GetCensusForGroup');
  const summaryCalls = countCalls(page, '/Report/CensusSummary');
  await signInAs('finance@example.com');
  await expect(shell.nav.getByRole('link', { name: 'Census Report' })).toHaveCount(0);
  await page.goto('/census-report');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Census Report', exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(censusCalls()).toBe(0);
  expect(summaryCalls()).toBe(0);
});
