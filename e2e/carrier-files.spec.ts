import type { Page } from '@playwright/test';
import { X12Interchange, X12Parser } from 'node-x12';
import { expect, test } from './fixtures';
import { CarrierFilesPage } from './pages/carrier-files-page';
import { EnrollmentManagerPage, runProcessing } from './pages/enrollment-manager-page';
import { EnrollmentWizardPage, type Dependent, type Person } from './pages/enrollment-wizard-page';
import { LoginPage } from './pages/login-page';
import { CHOOSER_PATHS, MemberChooserPage } from './pages/member-chooser-page';
import { MemberTerminationPage } from './pages/member-termination-page';
import { ShellPage } from './pages/shell-page';
import { newPerson, pad, testSsn } from './support/test-people';

const HR = 'hr@example.com';
const BROKER = 'broker@example.com';
const YEAR = new Date().getFullYear();
const MONTH = pad(new Date().getMonth() + 1);
const EFFECTIVE = { us: `${MONTH}/01/${YEAR}`, x12: `${YEAR}${MONTH}01` };

const usDate = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
const x12Date = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

/** The file parsed by node-x12: envelope values, the transaction's segments and its member loops. */
function parse834(text: string) {
  const interchange = new X12Parser(true).parse(text) as X12Interchange;
  const group = interchange.functionalGroups[0]!;
  const tx = group.transactions[0]!;
  const values = (s: { elements: { value: string }[] }) => s.elements.map((e) => e.value);
  const rows = tx.segments.map((s) => [s.tag, ...values(s)]);
  const loops: string[][][] = [];
  for (const row of rows) {
    if (row[0] === 'INS') loops.push([]);
    loops.at(-1)?.push(row);
  }
  return { se: values(tx.trailer), ge: values(group.trailer), iea: values(interchange.trailer), rows, loops };
}

const lastNameOf = (loop: string[][]) => loop.find((s) => s[0] === 'NM1')?.[3];
const ins = (loop: string[][]) => loop[0]!.slice(1, 5).join('*');

async function signOut(page: Page) {
  await new ShellPage(page).logout();
  await page.waitForURL(/\/idp\//);
  await new LoginPage(page).waitUntilShown();
}

/** A broker enrolls the person with a spouse and a child, medical and dental for the family. */
async function enrollFamily(page: Page, person: Person, family: Dependent[]) {
  const wizard = new EnrollmentWizardPage(page);
  await wizard.open();
  await wizard.fillPersonal(person);
  await wizard.next();
  await wizard.expectStep(2);
  await wizard.fillEmployment({
    dateOfHire: `01/05/${YEAR - 1}`,
    effectiveDate: EFFECTIVE.us,
    occupation: 'Engineering',
    jobTitle: 'Analyst',
    payRate: '2500',
    payFrequency: 'Bi-Weekly',
  });
  await wizard.next();
  await wizard.expectStep(3);
  await wizard.fillDependent(family[0]!);
  await wizard.button('Add Another Dependent').click();
  await wizard.fillDependent(family[1]!);
  await wizard.next();
  await wizard.expectStep(4);
  await wizard.choosePlan({
    division: '001 – Headquarters',
    medical: { plan: 'Choice PPO 500', tier: 'Family' },
    dental: { plan: 'Dental Basic', tier: 'Family' },
  });
  await wizard.toReview();
  await wizard.button('Submit').click();
  await wizard.dialog('Subscriber Created').getByRole('button', { name: 'Close' }).click();
  await wizard.dialog('Subscriber Request Received').getByRole('button', { name: 'Return to Home' }).click();
}

test.describe.configure({ mode: 'serial' });

const person = newPerson('Carrier');
const family: Dependent[] = [
  {
    firstName: 'Robin',
    lastName: person.lastName,
    ssn: testSsn(),
    dateOfBirth: '07/30/1986',
    relationship: 'Spouse',
    gender: 'Male',
  },
  {
    firstName: 'Kim',
    lastName: person.lastName,
    ssn: testSsn(),
    dateOfBirth: '02/14/2016',
    relationship: 'Child',
    gender: 'Female',
  },
];

test('an enrolled family leaves in a change file of 3 additions with medical and dental', async ({
  page,
  request,
  signInAs,
}) => {
  // Whatever earlier journeys left waiting goes out first, so the next file holds this family alone.
  await signInAs(HR);
  await runProcessing(request);
  const files = new CarrierFilesPage(page);
  await files.openFromMenu();
  await files.sendOpenChanges();
  await signOut(page);

  await signInAs(BROKER);
  await enrollFamily(page, person, family);
  await signOut(page);

  await signInAs(HR);
  const manager = new EnrollmentManagerPage(page);
  await manager.open(`?lastName=${person.lastName}`);
  await manager.action(manager.rowOf(person), 'Approve').click();
  await manager.approveDialog.getByRole('button', { name: 'Yes, approve' }).click();
  await manager.approveDialog.getByRole('button', { name: 'Close' }).click();
  expect(await runProcessing(request)).toContainEqual(expect.objectContaining({ status: 'PushedToRemote' }));

  await files.openFromMenu();
  await expect(page.getByText('1 processed change waits for the next change file.')).toBeVisible();
  const fileName = await files.sendOpenChanges();
  expect(fileName).toMatch(/^834_G000002_change_\d{9}\.x12$/);
  const row = files.newest;
  await expect(files.cell(row, 1)).toHaveText(fileName!);
  await expect(files.cell(row, 2)).toHaveText('Change');
  await expect(files.cell(row, 3)).toHaveText('3');
  await expect(files.cell(row, 6)).toContainText('Delivered');

  const view = await files.view(row);
  const members = view.getByRole('table', { name: 'Members in the file' }).getByRole('row');
  for (const name of [person.firstName, ...family.map((d) => d.firstName)]) {
    const member = members.filter({ hasText: `${name} ${person.lastName}` });
    await expect(member).toContainText('Addition (021), Initial enrollment');
    await expect(member).toContainText(`Medical MPPO500 (FAM) from ${EFFECTIVE.us}`);
    await expect(member).toContainText(`Dental`);
    await expect(member).toContainText(`from ${EFFECTIVE.us}`);
  }
  await expect(members.filter({ hasText: person.firstName }).first()).toContainText(`***-**-${person.ssn.slice(-4)}`);
  await expect(view).not.toContainText(person.ssn.replaceAll('-', ''));
  await files.closeView();

  const { name, text } = await files.download(row);
  expect(name).toBe(fileName);
  const f = parse834(text);
  expect(f.loops).toHaveLength(3);
  expect(f.loops.map(ins)).toEqual(['Y*18*021*28', 'N*01*021*28', 'N*19*021*28']);
  for (const loop of f.loops) {
    expect(lastNameOf(loop)).toBe(person.lastName);
    expect(loop.filter((s) => s[0] === 'HD').map((s) => s[3])).toEqual(['HLT', 'DEN']);
    expect(loop.filter((s) => s[0] === 'DTP' && s[1] === '348').map((s) => s[3])).toEqual([
      EFFECTIVE.x12,
      EFFECTIVE.x12,
    ]);
  }
  expect(f.loops[0]!.find((s) => s[0] === 'NM1')!.slice(8, 10)).toEqual(['34', person.ssn.replaceAll('-', '')]);
  expect(Number(f.se[0])).toBe(f.rows.length + 2);
  expect(f.ge).toEqual(['1', f.se[1]!.replace(/^0+/, '')]);
  expect(f.iea[0]).toBe('1');
});

test('a terminated family leaves as 024 loops with the benefit end date and is gone from the full file', async ({
  page,
  request,
  signInAs,
}) => {
  const end = new Date();
  end.setDate(end.getDate() + 10);
  await signInAs(HR);
  const chooser = new MemberChooserPage(page);
  await chooser.open(`${CHOOSER_PATHS.terminate}?lastName=${person.lastName}`);
  await chooser.row(person.lastName, person.firstName).click();
  const terminate = new MemberTerminationPage(page);
  await terminate.waitUntilShown();
  await terminate.fill({ eventDate: usDate(new Date()), terminationDate: usDate(end), reason: 'Retirement' });
  await terminate.nextAndConfirm([person.lastName]);
  await terminate.subscriberInfo.getByRole('button', { name: 'OK' }).click();
  expect(await runProcessing(request)).toContainEqual(expect.objectContaining({ status: 'PushedToRemote' }));

  const files = new CarrierFilesPage(page);
  await files.openFromMenu();
  await files.sendOpenChanges();
  const f = parse834((await files.download(files.newest)).text);
  const ours = f.loops.filter((l) => lastNameOf(l) === person.lastName);
  expect(ours.map(ins)).toEqual(['Y*18*024*07', 'N*01*024*07', 'N*19*024*07']);
  for (const loop of ours) {
    expect(loop.find((s) => s[0] === 'DTP' && s[1] === '357')?.[3]).toBe(x12Date(end));
    const ends = loop.filter((s) => s[0] === 'DTP' && s[1] === '349').map((s) => s[3]);
    expect(ends).toEqual([x12Date(end), x12Date(end)]);
  }

  const fullName = await files.generateFullFile();
  await expect(files.cell(files.newest, 1)).toHaveText(fullName!);
  await expect(files.cell(files.newest, 2)).toHaveText('Full');
  const full = parse834((await files.download(files.newest)).text);
  expect(full.loops.length).toBeGreaterThan(100);
  expect(new Set(full.loops.map((l) => l[0]![3]))).toEqual(new Set(['030']));
  expect(full.loops.filter((l) => lastNameOf(l) === person.lastName)).toEqual([]);
});
