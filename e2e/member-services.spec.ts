import type { Page, Response } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { ClaimSearchPage, CLAIM_SEARCH_PATH } from './pages/claim-search-page';
import { CoverageInquiryPage, COVERAGE_PATH } from './pages/coverage-inquiry-page';
import { IdCardPage, ID_CARD_PATH } from './pages/id-card-page';
import { apiRead, claims, findSubscriber, type DependentRow, type FsaRow } from './pages/member-services-api';
import { seriousViolations } from './pages/member-session';
import { ShellPage } from './pages/shell-page';

// Labels and texts written out from spec 2 §2 (deliberately not imported from the app's code).
const CLAIM_COLUMNS = [
  'First Name',
  'Last Name',
  'Provider Name',
  'Claim#',
  'Claim Type',
  'Service Date',
  'Billed Amount',
  'Allowed Amount',
  'Plan Payment',
  'Patient Owes Amount',
  'Payment Date',
];
const NO_ACCESS = 'You do not have access to this page.';

const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

const isPdfAnswer = (path: string) => (response: Response) =>
  new URL(response.url()).pathname.endsWith(path) && response.request().method() === 'GET';

/** Clicks a button that opens a PDF in a new window; answers the window and the API's answer. */
async function openPdfWindow(page: Page, click: () => Promise<void>, path: string) {
  const [popup, response] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse(isPdfAnswer(path)),
    click(),
  ]);
  return { popup, response };
}

test.describe('ID card', () => {
  test('HR filters, searches, requests an ID card, sees both sides, downloads it and opens the latest PDF', async ({
    page,
    signInAs,
  }) => {
    await signInAs('hr@example.com');
    const { row: member } = await findSubscriber(page, (d) => d.isMedicalCoverage);
    const cards = new IdCardPage(page);
    await cards.open();
    expect(await seriousViolations(page)).toEqual([]);
    await expect(cards.requestButton).toBeDisabled();
    await expect(cards.viewButton).toBeDisabled();

    // The local filter narrows the rows on screen by substring; the SSN takes at most 4 digits.
    const firstLast = (await cards.rows.first().locator('td').first().innerText()).split('\n')[0]!.trim();
    const part = firstLast.slice(1, 3).toUpperCase();
    await cards.filter.getByLabel('SSN').fill('123456');
    await expect(cards.filter.getByLabel('SSN')).toHaveValue('1234');
    await cards.filterLocally({ lastName: part });
    // The filtered rows replace the page's in a background render, a few frames after the typing.
    await expect
      .poll(async () => {
        const cells = await cards.rows.locator('td:first-child').allInnerTexts();
        return cells.length > 0 && cells.every((cell) => cell.toLowerCase().includes(part.toLowerCase()));
      })
      .toBe(true);
    await cards.filter.getByRole('button', { name: 'Discard Filter' }).click();
    await expect(cards.filter.getByLabel('Search Last Name')).toHaveValue('');
    await expect(cards.rows).toHaveCount(20);

    // 'Search' asks the server, through the search-subscriber modal.
    await cards.searchButton.click();
    await expect(cards.searchModal).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await cards.searchModal.getByRole('button', { name: 'Close' }).click();
    await cards.searchOnServer({ firstName: member.firstName, lastName: member.lastName });
    expect(new URL(page.url()).searchParams.get('lastName')).toBe(member.lastName);
    const row = cards.row(member.lastName, member.firstName).first();
    await cards.select(row);
    await expect(cards.requestButton).toBeEnabled();
    await expect(cards.viewButton).toBeEnabled();

    // Request ID Card → POST /Subscriber/RequestIDCard → confirmation.
    const [requested] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/Subscriber/RequestIDCard')),
      cards.requestButton.click(),
    ]);
    expect(requested.request().method()).toBe('POST');
    expect(new URL(requested.url()).searchParams.get('subscriberPK')).toBe(String(member.subscriberPK));
    expect(requested.status()).toBe(200);
    await expect(cards.requestedModal).toBeVisible();
    await expect(cards.requestedModal).toContainText(`${member.firstName} ${member.lastName}`);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    // The new card's front and back, and its PDF as a download.
    await cards.requestedModal.getByRole('button', { name: 'View ID Card' }).click();
    await expect(cards.viewModal).toBeVisible();
    for (const side of ['Front', 'Back']) {
      const image = cards.viewModal.getByRole('img', {
        name: `${side} of the ID card of ${member.firstName} ${member.lastName}`,
      });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      cards.viewModal.getByRole('button', { name: 'Download ID Card' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await cards.viewModal.getByRole('button', { name: 'Close' }).click();
    await expect(cards.viewModal).toBeHidden();

    // 'View ID Card' opens the latest card's PDF in a new window.
    const { popup, response } = await openPdfWindow(
      page,
      () => cards.viewButton.click(),
      '/Report/ViewIDCardPDFforGroup',
    );
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect(new URL(response.url()).searchParams.get('subscriberPK')).toBe(String(member.subscriberPK));
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    await popup.close();
  });
});

test.describe('coverage inquiry', () => {
  test('HR opens the coverage of a member with dependents and FSA elections', async ({ page, signInAs }) => {
    await signInAs('hr@example.com');
    const { row: member, details } = await findSubscriber(
      page,
      (d) => d.hasDependents && d.fsaData.length > 0 && d.isMedicalCoverage,
    );
    const dependents = await apiRead<DependentRow[]>(
      page,
      'GET',
      `/api/enrollment/Subscriber/DependentList?subscriberPK=${member.subscriberPK}&includetermed=false`,
    );
    const fsa = await apiRead<{ result: FsaRow[] }>(
      page,
      'GET',
      `/api/member/Account/GetFSAInformation?subscriberPK=${member.subscriberPK}`,
    );

    const coverage = new CoverageInquiryPage(page);
    await coverage.open();
    expect(await seriousViolations(page)).toEqual([]);
    await expect(coverage.viewButton).toBeDisabled();
    await page.getByLabel('Last 4 digits of SSN').fill('98765');
    await expect(page.getByLabel('Last 4 digits of SSN')).toHaveValue('9876');
    await coverage.search({ firstName: member.firstName, lastName: member.lastName, ssn: member.ssnLast4 });
    await coverage.row(member.lastName, member.firstName).first().click();
    await expect(coverage.viewButton).toBeEnabled();

    const [, , fsaCall] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/Subscriber/SubscriberDetails')),
      page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/Subscriber/DependentList')),
      page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/Account/GetFSAInformation')),
      coverage.viewButton.click(),
    ]);
    expect(fsaCall.status()).toBe(200);
    await expect(coverage.modal).toBeVisible();
    const openedAt = Date.now();

    const memberSection = coverage.section('Member');
    await expect(coverage.fact(memberSection, 'Name')).toContainText(member.firstName);
    await expect(coverage.fact(memberSection, 'Name')).toContainText(member.lastName);
    await expect(coverage.fact(memberSection, 'SSN')).toHaveText(`***-**-${member.ssnLast4}`);
    await expect(coverage.fact(memberSection, 'Birth Date')).toHaveText(usDate(details.subscriber.dateOfBirth));
    await expect(coverage.fact(coverage.section('Medical Plan'), 'Plan Name')).toHaveText(details.planData.planName!);
    if (details.planData.dentalPlanName) {
      await expect(coverage.fact(coverage.section('Dental Plan'), 'Plan Name')).toHaveText(
        details.planData.dentalPlanName,
      );
    }
    await expect(coverage.fact(coverage.section('Division and Group'), 'Division ID')).toHaveText(
      details.planData.divisionID!,
    );
    await expect(coverage.fact(coverage.section('Division and Group'), 'Group Name')).not.toBeEmpty();

    const dependentRows = coverage.section('Dependents').getByRole('row');
    await expect(dependentRows).toHaveCount(dependents.length + 1);
    for (const d of dependents) {
      const line = dependentRows.filter({ hasText: `${d.firstName} ${d.lastName}` });
      await expect(line).toContainText(d.relationship);
      if (d.ssnLast4) await expect(line).toContainText(d.ssnLast4);
    }
    const fsaRows = coverage.section('FSA').getByRole('row');
    await expect(fsaRows).toHaveCount(fsa.result.length + 1);
    await expect(fsaRows.nth(1)).toContainText(fsa.result[0]!.fsaName);
    await expect(fsaRows.nth(1)).toContainText(fsa.result[0]!.fsaType);
    await expect(fsaRows.nth(1)).toContainText('$');
    // Never a full SSN.
    expect(await coverage.modal.innerText()).not.toMatch(/\d{3}-\d{2}-\d{4}/);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    // Static backdrop: a click beside the modal does not close it.
    await page.mouse.click(5, 5);
    await expect(coverage.modal).toBeVisible();

    // The forced refresh 5 seconds after it appeared refetches the member, and the modal stays.
    const refetch = await page.waitForRequest(
      (r) => new URL(r.url()).pathname.endsWith('/Subscriber/SubscriberDetails'),
      {
        timeout: 10_000,
      },
    );
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(4000);
    expect(refetch.method()).toBe('GET');
    await expect(coverage.modal).toBeVisible();
    await expect(coverage.fact(coverage.section('Member'), 'SSN')).toHaveText(`***-**-${member.ssnLast4}`);

    await coverage.modal.getByRole('button', { name: 'Close' }).click();
    await expect(coverage.modal).toBeHidden();
  });
});

test.describe('claim search', () => {
  test('the claims role searches by name and date range, sorts, pages and opens an EOB', async ({ page, signInAs }) => {
    await signInAs('claims@example.com');
    const all = await claims(page, { recordsPerPage: 100, sortColumn: 'serviceDate', sortOrder: 'DESC' });
    const target = all.list.find((c) => c.patientPK === null && c.paymentDate !== null) ?? all.list[0]!;

    const search = new ClaimSearchPage(page);
    await search.open();
    expect(await seriousViolations(page)).toEqual([]);
    await expect(search.table.getByRole('columnheader')).toHaveText(CLAIM_COLUMNS);
    await expect(search.rows).toHaveCount(10);
    await expect(page.getByText(`Claims 1–10 of ${all.recordCount}`)).toBeVisible();
    expect(await search.pagesNav.getByRole('button', { name: /^Page \d+$/ }).count()).toBeLessThanOrEqual(4);
    await expect(search.header('Service Date')).toHaveAttribute('aria-sort', 'descending');
    await expect(search.downloadButton).toBeDisabled();

    // Pages and sort go through the server and the URL.
    await search.pagesNav.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(search.pagesNav.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await search.sortBy('Billed Amount');
    await expect(search.header('Billed Amount')).toHaveAttribute('aria-sort', 'ascending');
    await search.sortBy('Billed Amount');
    await expect(search.header('Billed Amount')).toHaveAttribute('aria-sort', 'descending');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    // The header turns with the URL; the rows follow when the server's page arrives.
    const billedCells = () => search.rows.locator('td:nth-child(7)').allInnerTexts();
    await expect
      .poll(async () => {
        const amounts = (await billedCells()).map((text) => Number(text.replace(/[$,]/g, '')));
        return amounts.length > 1 && amounts.every((amount, i) => i === 0 || amounts[i - 1]! >= amount);
      })
      .toBe(true);
    expect((await billedCells())[0]).toMatch(/^\$[\d,]+\.\d{2}$/);

    // Sorting on Payment Date DESC brings claims not paid yet first, shown as In-Process.
    const unpaid = await claims(page, { sortColumn: 'paymentDate', sortOrder: 'DESC' });
    await search.sortBy('Payment Date');
    await search.sortBy('Payment Date');
    await expect(search.header('Payment Date')).toHaveAttribute('aria-sort', 'descending');
    if (unpaid.list[0]?.paymentDate === null)
      await expect(search.cell(search.rows.first(), 10)).toHaveText('In-Process');

    // Name and service date range; both ends are inclusive.
    await search.search({
      firstName: target.patientFirstName,
      lastName: target.patientLastName,
      startDate: usDate(target.serviceDate),
      endDate: usDate(target.serviceDate),
    });
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toMatchObject({
        firstName: target.patientFirstName,
        lastName: target.patientLastName,
        startDate: target.serviceDate,
        endDate: target.serviceDate,
      });
    await search.waitForRows();
    const row = search.rows.filter({ hasText: target.claimNumber });
    await expect(row).toHaveCount(1);
    await expect(search.cell(row, 0)).toHaveText(target.patientFirstName);
    await expect(search.cell(row, 1)).toHaveText(target.patientLastName);
    await expect(search.cell(row, 5)).toHaveText(usDate(target.serviceDate));
    await expect(search.cell(row, 6)).toHaveText(usd(target.billedAmount));
    await expect(search.cell(row, 10)).toHaveText(target.paymentDate ? usDate(target.paymentDate) : 'In-Process');
    for (const text of await search.rows.locator('td:nth-child(6)').allInnerTexts())
      expect(text).toBe(usDate(target.serviceDate));

    // Download PDF: the claim's EOB in a new window; a subscriber's own claim names no dependent.
    await row.click();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    await expect(search.downloadButton).toBeEnabled();
    const { popup, response } = await openPdfWindow(
      page,
      () => search.downloadButton.click(),
      '/Report/ClaimDetailsReportPDFforHR',
    );
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    const params = new URL(response.url()).searchParams;
    expect(params.get('claimPK')).toBe(String(target.claimID));
    expect(params.get('subscriberPK')).toBe(String(target.subscriberPK));
    if (target.patientPK === null) expect(params.has('dependentPK')).toBe(false);
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    await popup.close();

    // Clear Search empties the filters and the URL.
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect(
      page.getByRole('search', { name: 'Search claims' }).getByRole('textbox', { name: 'First Name' }),
    ).toHaveValue('');
    await expect.poll(() => new URL(page.url()).searchParams.has('firstName')).toBe(false);
    await search.waitForRows();
    await expect(page.getByText(`Claims 1–10 of ${all.recordCount}`)).toBeVisible();
  });

  test('a backwards date range is named on the End Date field and keeps the list as it was', async ({
    page,
    signInAs,
  }) => {
    await signInAs('claims@example.com');
    const search = new ClaimSearchPage(page);
    await search.open();
    const before = page.url();
    await search.search({ lastName: 'Jones', startDate: '02/01/2026', endDate: '01/01/2026' });
    // Named at the top (focused) and on the field.
    await expect(page.getByTestId('error-summary')).toBeFocused();
    await expect(page.getByTestId('error-summary')).toContainText('End Date: End Date must not be before Start Date.');
    await expect(page.getByRole('group', { name: 'End Date' })).toHaveAccessibleDescription(
      'End Date must not be before Start Date.',
    );
    expect(page.url()).toBe(before);
    // What was typed stays for the user to correct.
    await expect(
      page.getByRole('search', { name: 'Search claims' }).getByRole('textbox', { name: 'Last Name' }),
    ).toHaveValue('Jones');
  });
});

test.describe('roles', () => {
  test('the ID card role has ID cards but no claims or coverage', async ({ page, signInAs }) => {
    await signInAs('idcard@example.com');
    const shell = new ShellPage(page);
    await expect(shell.nav.getByRole('link', { name: 'ID Card' })).toBeVisible();
    await expect(shell.nav.getByRole('link', { name: 'Claim Search' })).toHaveCount(0);
    await expect(shell.nav.getByRole('link', { name: 'Coverage Inquiry' })).toHaveCount(0);

    await shell.nav.getByRole('link', { name: 'ID Card' }).click();
    const cards = new IdCardPage(page);
    await expect(cards.heading).toBeVisible();
    await cards.waitForRows();

    for (const path of [CLAIM_SEARCH_PATH, COVERAGE_PATH]) {
      await page.goto(path);
      await expect(page.getByText(NO_ACCESS)).toBeVisible();
    }
  });

  test('the claims role has claim search but no ID cards or coverage', async ({ page, signInAs }) => {
    await signInAs('claims@example.com');
    const shell = new ShellPage(page);
    await expect(shell.nav.getByRole('link', { name: 'Claim Search' })).toBeVisible();
    await expect(shell.nav.getByRole('link', { name: 'ID Card' })).toHaveCount(0);

    await shell.nav.getByRole('link', { name: 'Claim Search' }).click();
    await new ClaimSearchPage(page).waitForRows();

    for (const path of [ID_CARD_PATH, COVERAGE_PATH]) {
      await page.goto(path);
      await expect(page.getByText(NO_ACCESS)).toBeVisible();
    }
  });
});
