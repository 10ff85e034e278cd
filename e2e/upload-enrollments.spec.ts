import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { test, expect } from './fixtures';
import { EnrollmentManagerPage } from './pages/enrollment-manager-page';
import { UploadEnrollmentsPage } from './pages/upload-enrollments-page';

/** Letters only: the wizard's name rule. Unique per run, so the Submissions filter finds only these. */
const FAMILY = `Upl${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** Fifty employees of group 2, valid but for three rows; answers the rows (1-based in the sheet). */
function census(): { values: Record<string, string>[]; wrong: Record<number, { field: string; fix: string }> } {
  const values = Array.from({ length: 50 }, (_, i) => ({
    'Employee Key': `J${i + 1}`,
    Relationship: 'Employee',
    'First Name': `Jo${String.fromCharCode(97 + (i % 26))}`,
    'Last Name': `${FAMILY}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    SSN: `6${String(10 + (Date.now() % 80)).padStart(2, '0')}-${String(10 + i).padStart(2, '0')}-${String(4000 + i)}`,
    'Date of Birth': '04/12/1984',
    Gender: i % 2 ? 'Male' : 'Female',
    'Address Line 1': `${10 + i} Harbor Rd`,
    City: 'Portland',
    State: 'ME',
    'ZIP Code': '04101',
    Phone: '2075550100',
    Email: `jo${i}@example.com`,
    Division: '001',
    'Medical Plan': 'Choice PPO 500',
    'Medical Tier': 'Employee Only',
  }));
  // Sheet rows 6, 21 and 34: a missing first name, a ZIP too short, a birth date in the future.
  values[4]!['First Name'] = '';
  values[19]!['ZIP Code'] = '041O1';
  values[32]!['Date of Birth'] = '01/01/2999';
  return {
    values,
    wrong: {
      6: { field: 'First Name', fix: 'Jonas' },
      21: { field: 'ZIP Code', fix: '04102' },
      34: { field: 'Date of Birth', fix: '1990-05-06' },
    },
  };
}

test('HR fills the template with 50 people, fixes the 3 wrong rows in place, commits 50 requests, and the same file again creates nothing', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(180_000);
  await signInAs('hr@example.com');
  const upload = new UploadEnrollmentsPage(page);
  await upload.open();

  // The template, filled as a person would: one row per employee under the header.
  const template = await upload.downloadTemplate('xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(template);
  const sheet = book.getWorksheet('Enrollments')!;
  const header = (sheet.getRow(1).values as (string | undefined)[]).slice(1);
  const { values, wrong } = census();
  values.forEach((person, i) => {
    const row = sheet.getRow(i + 2);
    header.forEach((label, column) => {
      if (label && person[label as keyof typeof person] !== undefined)
        row.getCell(column + 1).value = person[label as keyof typeof person];
    });
    row.commit();
  });
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'upload-')), 'new hires.xlsx');
  await book.xlsx.writeFile(file);

  await upload.upload(file);
  await upload.expectCount('New', 47);
  await upload.expectCount('Errors', 3);

  // Exactly the three wrong rows, each with its column and the wizard's message.
  await upload.show(/^Errors/);
  await expect(page.getByRole('button', { name: /^Fix row / })).toHaveCount(3);
  await expect(upload.errorsOf(6)).toContainText('First Name: Min of 1 character is required.');
  await expect(upload.errorsOf(21)).toContainText('ZIP Code: Zipcode must be exactly 5 digits');
  await expect(upload.errorsOf(34)).toContainText('Date of Birth:');

  for (const [row, { field, fix }] of Object.entries(wrong)) await upload.fix(Number(row), field, fix);
  await upload.expectCount('Errors', 0);
  await upload.expectCount('New', 50);

  await upload.commit('Commit all rows');
  await expect(page.getByText('50 requests created', { exact: true })).toBeVisible();

  const manager = new EnrollmentManagerPage(page);
  await manager.openFromMenu();
  await manager.filter({ lastName: FAMILY });
  await expect(page.getByText('Requests 1–20 of 50')).toBeVisible();

  // The same file again: its 47 right rows are already requested, the 3 wrong ones still wrong.
  await upload.open();
  await upload.upload(file);
  await upload.expectCount('New', 0);
  await upload.expectCount('Unchanged', 47);
  await upload.expectCount('Errors', 3);
  await upload.commit('Commit valid rows');
  await manager.openFromMenu();
  await manager.filter({ lastName: FAMILY });
  await expect(page.getByText('Requests 1–20 of 50')).toBeVisible();
});
