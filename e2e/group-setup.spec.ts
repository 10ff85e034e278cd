import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { test, expect } from './fixtures';
import { CarrierFilesPage } from './pages/carrier-files-page';
import { UploadEnrollmentsPage } from './pages/upload-enrollments-page';

const suffix = String(Date.now()).slice(-6);
const letters = suffix.replace(/\d/g, (d) => String.fromCharCode(65 + Number(d)));
const GROUP = { name: `Harbor Works ${letters}`, id: `G9${suffix.slice(-5)}` };
const ADMIN = `first.admin.${suffix}@example.com`;
const YEAR = new Date().getFullYear();

/** Group 2's plans (the seed's), so that the roster's plan codes are the new group's too. */
const PLANS = [
  ['Medical', 'Choice PPO 500', 'MPPO500'],
  ['Medical', 'HDHP 3000 HSA', 'MHDHP3K'],
  ['Medical', 'Select HMO 20', 'MHMO20'],
  ['Dental', 'Dental Basic', 'DBASIC'],
  ['Dental', 'Dental Plus', 'DPLUS'],
].map(([type, name, code]) => [type, name, code, 'NET', name, `${YEAR - 1}-01-01`, `${YEAR}-12-31`, '']);

test('the operator sets up a group from the workbook, invites its GroupAdmin, and brings over group 2’s roster from its 834 full file', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(240_000);
  await signInAs('operator@example.com');
  await expect(page.getByRole('group', { name: 'Current group' }).getByText('Group ID: G000002')).toBeVisible();

  // The roster: group 2's full file, as a previous administrator would hand it over.
  const carrierFiles = new CarrierFilesPage(page);
  await carrierFiles.openFromMenu();
  await carrierFiles.generateFullFile();
  const { text: roster } = await carrierFiles.download(carrierFiles.newest);
  const subscribers = roster.match(/~INS\*Y\*18\*/g)?.length ?? 0;
  expect(subscribers).toBeGreaterThan(50);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'group-setup-'));
  const rosterFile = path.join(folder, 'roster.834');
  await writeFile(rosterFile, roster);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Group Setup' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Group Setup' })).toBeVisible();

  // The workbook as downloaded: its Group sheet filled in, group 2's plans, the example division and tiers.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download setup workbook' }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await (await download).path());
  const values: Record<string, string> = {
    'Group Name': GROUP.name,
    'Group ID': GROUP.id,
    'Tax ID': `12-${suffix}0`,
    'Group Effective Date': `${YEAR - 1}-01-01`,
    'MFA Required (Yes/No)': 'No',
    'First GroupAdmin Email': ADMIN,
    'First GroupAdmin First Name': 'Fiona',
    'First GroupAdmin Last Name': 'Admin',
  };
  book.getWorksheet('Group')!.eachRow((row) => {
    const label = String(row.getCell(1).value ?? '');
    if (values[label] !== undefined) row.getCell(2).value = values[label];
  });
  const plans = book.getWorksheet('Plans')!;
  PLANS.forEach((plan, i) => {
    const row = plans.getRow(i + 2);
    plan.forEach((value, column) => (row.getCell(column + 1).value = value));
    row.commit();
  });
  const workbook = path.join(folder, 'setup.xlsx');
  await book.xlsx.writeFile(workbook);

  await page.getByLabel('Setup workbook').setInputFiles(workbook);
  await expect(page.getByRole('textbox', { name: 'Group name' })).toHaveValue(GROUP.name);
  await expect(page.getByRole('textbox', { name: 'Plan 5 code' })).toHaveValue('DPLUS');
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText(`${GROUP.name} (${GROUP.id}) was created.`)).toBeVisible();
  await expect(page.getByText(`Invitation sent to ${ADMIN}`)).toBeVisible();

  await page.getByRole('button', { name: `Switch to ${GROUP.name}` }).click();
  await expect(page.getByRole('group', { name: 'Current group' }).getByText(`Group ID: ${GROUP.id}`)).toBeVisible({
    timeout: 15_000,
  });

  // The roster comes into the new group's preview: every subscriber new, nothing wrong, nobody left out.
  const upload = new UploadEnrollmentsPage(page);
  await upload.open();
  await page.getByLabel('Roster file').setInputFiles(rosterFile);
  await expect(page.getByRole('heading', { level: 2, name: 'Preview' })).toBeVisible({ timeout: 60_000 });
  await upload.expectCount('New', subscribers);
  await upload.expectCount('Errors', 0);
  await upload.expectCount('Not in roster', 0);
  await upload.commit('Commit all rows');
  await expect(page.getByText(`${subscribers} requests created`, { exact: true })).toBeVisible();
});
